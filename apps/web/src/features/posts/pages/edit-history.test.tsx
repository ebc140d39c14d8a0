import { EDIT_HISTORY_TEXTS, READING_TIME } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';
import { bobRef, commentFixture, postFixture, servePost } from '../test/posts';

const findPost = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Learning Rust ownership' });
  return screen.getByRole('article', { name: 'Learning Rust ownership' });
};
const hour = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

describe('edit history and reading time', () => {
  it("marks an edited post and lists its versions in a dialog that Escape closes, focus back on 'edited'", async () => {
    servePost(postFixture({ author: bobRef, editedAt: hour(1) }));
    server.use(
      http.get('/api/posts/42/history', () =>
        HttpResponse.json(
          pageOf([
            {
              title: 'Learning Rust ownership',
              content: 'Now with lifetimes.',
              createdAt: hour(1),
              mediaChanged: true,
            },
            { title: 'Rust day one', content: 'Moves only.', createdAt: hour(2), mediaChanged: false },
          ]),
        ),
      ),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    const post = await findPost();

    const mark = within(post).getByRole('button', { name: /^edited.*show the edit history$/ });
    await user.click(mark);
    const dialog = await screen.findByRole('dialog', { name: EDIT_HISTORY_TEXTS.dialogTitle });
    const versions = await within(dialog).findAllByRole('listitem');
    expect(versions).toHaveLength(2);
    expect(versions[0]).toHaveTextContent('Now with lifetimes.');
    expect(versions[0]).toHaveTextContent(EDIT_HISTORY_TEXTS.mediaChanged);
    expect(versions[1]).toHaveTextContent('Rust day one');
    expect(versions[1]).toHaveTextContent(EDIT_HISTORY_TEXTS.original);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mark).toHaveFocus();
  });

  it('says so when the history fails to load', async () => {
    servePost(postFixture({ editedAt: hour(1) }));
    server.use(http.get('/api/posts/42/history', errorResponse(500, 'Internal Server Error')));
    const { user } = renderApp('/post/42', { signedIn: true });
    await user.click(within(await findPost()).getByRole('button', { name: /^edited/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(EDIT_HISTORY_TEXTS.loadFailed)).toBeInTheDocument();
  });

  it('marks an edited comment and shows its versions', async () => {
    servePost(postFixture(), [commentFixture({ content: 'Great summary!!', editedAt: hour(1) })]);
    server.use(
      http.get('/api/comments/300/history', () =>
        HttpResponse.json(
          pageOf([
            { content: 'Great summary!!', createdAt: hour(1) },
            { content: 'Great summary!', createdAt: hour(2) },
          ]),
        ),
      ),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findPost();
    const comment = await screen.findByRole('article', { name: 'Comment by Bob Stone' });
    await user.click(within(comment).getByRole('button', { name: /^edited/ }));
    const dialog = await screen.findByRole('dialog', { name: EDIT_HISTORY_TEXTS.dialogTitle });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(2);
  });

  it('shows no mark on a post never edited, nor the reading time of a short post', async () => {
    servePost(postFixture({ readingMinutes: READING_TIME.shownFromMinutes - 1 }));
    renderApp('/post/42', { signedIn: true });
    const short = await findPost();
    expect(within(short).queryByRole('button', { name: /^edited/ })).not.toBeInTheDocument();
    expect(short).not.toHaveTextContent(/min read/);
  });

  it('shows the reading time of a long post', async () => {
    servePost(postFixture({ readingMinutes: 7 }));
    renderApp('/post/42', { signedIn: true });
    expect(await findPost()).toHaveTextContent(EDIT_HISTORY_TEXTS.readingTime(7));
  });
});
