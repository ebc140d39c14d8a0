import { COMMENT_TEXTS, DELETED_COMMENT_USER, type UserRef } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { responseConfirmation } from '../../../test/confirmation';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';
import { annRef, bobRef, commentFixture, postFixture, servePost, threadFixture } from '../test/posts';

const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Learning Rust ownership' });
const commentsSection = () => screen.getByRole('region', { name: 'Comments' });
const replyFixture = (id: number, content: string, user: UserRef = annRef) =>
  commentFixture({ id, content, user, parentCommentId: 300 });

describe('comment threads', () => {
  it('shows three replies under their comment and the rest behind a button', async () => {
    const replies = [1, 2, 3, 4, 5].map((i) => replyFixture(400 + i, `Reply ${i}`));
    servePost(postFixture({ author: bobRef, commentsCount: 6 }), [
      threadFixture({ replies: replies.slice(0, 3), replyCount: 5 }),
    ]);
    server.use(http.get('/api/comments/300/replies', () => HttpResponse.json(pageOf(replies))));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const comments = within(commentsSection());
    expect(await comments.findByText('6 comments, replies included')).toBeInTheDocument();
    const list = comments.getByRole('list', { name: 'Replies to Bob Stone' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([
      expect.stringContaining('Reply 1'),
      expect.stringContaining('Reply 2'),
      expect.stringContaining('Reply 3'),
    ]);

    await user.click(comments.getByRole('button', { name: 'Show 2 more replies' }));
    await comments.findByText('Reply 5');
    const all = comments.getByRole('list', { name: 'Replies to Bob Stone' });
    expect(within(all).getAllByRole('article')).toHaveLength(5);
    expect(comments.queryByRole('button', { name: /more repl/ })).not.toBeInTheDocument();
  });

  it('replies in the thread of a reply, and the new reply shows there with the count', async () => {
    servePost(postFixture({ author: bobRef, commentsCount: 2 }), [
      threadFixture({ replies: [replyFixture(401, 'First reply', bobRef)], replyCount: 1 }),
    ]);
    let sent: unknown;
    server.use(
      http.post('/api/posts/42/comments', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(replyFixture(402, 'Agreed', annRef), { status: 201 });
      }),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const list = await within(commentsSection()).findByRole('list', { name: 'Replies to Bob Stone' });
    await user.click(within(list).getByRole('button', { name: 'Reply to Bob Stone' }));
    const box = within(commentsSection()).getByRole('textbox', { name: 'Reply to Bob Stone' });
    expect(box).toHaveFocus();
    await user.type(box, 'Agreed');
    await user.click(within(commentsSection()).getByRole('button', { name: 'Post Reply' }));

    await within(list).findByText('Agreed');
    expect(sent).toEqual({ content: 'Agreed', parentCommentId: 401 });
    // Focus goes back to the Reply button the box was opened with.
    await vi.waitFor(() =>
      expect(within(list).getAllByRole('button', { name: 'Reply to Bob Stone' })[0]).toHaveFocus(),
    );
    expect(within(commentsSection()).queryByRole('textbox', { name: /Reply to/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Learning Rust ownership' })).toHaveTextContent('3 comments');
  });

  it('says so and keeps the text when a reply fails', async () => {
    servePost(postFixture({ author: bobRef }), [threadFixture()]);
    server.use(http.post('/api/posts/42/comments', () => HttpResponse.error()));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const thread = await within(commentsSection()).findByRole('article', { name: 'Comment by Bob Stone' });
    await user.click(within(thread).getByRole('button', { name: 'Reply to Bob Stone' }));
    const box = within(commentsSection()).getByRole('textbox', { name: 'Reply to Bob Stone' });
    await user.type(box, 'Lost reply');
    await user.click(within(commentsSection()).getByRole('button', { name: 'Post Reply' }));
    expect(await within(commentsSection()).findByRole('alert')).toHaveTextContent(
      'Failed to add reply. Please try again.',
    );
    expect(box).toHaveValue('Lost reply');
  });

  it('likes a comment: pressed with the count the server answers', async () => {
    servePost(postFixture({ author: bobRef }), [threadFixture({ likesCount: 2 })]);
    server.use(http.post('/api/comments/300/like', () => HttpResponse.json({ liked: true, likesCount: 3 })));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const thread = await within(commentsSection()).findByRole('article', { name: 'Comment by Bob Stone' });
    await user.click(within(thread).getByRole('button', { name: 'Like comment, 2 likes' }));
    const liked = await within(thread).findByRole('button', { name: 'Like comment, 3 likes' });
    await vi.waitFor(() => expect(liked).toHaveAttribute('aria-pressed', 'true'));
  });

  it('shows a reply from another server with its handle, linked to its profile there', async () => {
    const remote = commentFixture({
      id: 500,
      content: '**Spoilers**\n\nThe ending surprised me too\\.',
      user: { id: 0, name: 'Mallory Elsewhere', profilePicture: 'https://social.example/m.png' },
      remote: {
        handle: '@mallory@social.example',
        profileUrl: 'https://social.example/@mallory',
        accountId: 31,
      },
    });
    servePost(postFixture({ author: bobRef, commentsCount: 1 }), [{ ...remote, replies: [], replyCount: 0 }]);
    renderApp('/post/42', { signedIn: true });
    await findTitle();

    const item = await within(commentsSection()).findByRole('article', {
      name: 'Comment by Mallory Elsewhere',
    });
    const link = within(item).getByRole('link', { name: 'Mallory Elsewhere' });
    expect(link).toHaveAttribute('href', 'https://social.example/@mallory');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(
      expect.arrayContaining(['nofollow', 'noopener', 'ugc']),
    );
    expect(within(item).getByText('@mallory@social.example')).toBeInTheDocument();
    expect(within(item).getByText('Spoilers').tagName).toBe('STRONG');
    expect(within(item).getByText('The ending surprised me too.')).toBeInTheDocument();
    expect(item.querySelector('img')).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(within(item).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('blocks the author of a reply from another server after asking, and reads the comments again', async () => {
    const remote = commentFixture({
      id: 501,
      content: 'Buy followers',
      user: { id: 0, name: 'Mallory Elsewhere', profilePicture: null },
      remote: {
        handle: '@mallory@social.example',
        profileUrl: 'https://social.example/@mallory',
        accountId: 31,
      },
    });
    servePost(postFixture({ author: bobRef, commentsCount: 1 }), [{ ...remote, replies: [], replyCount: 0 }]);
    const blocked: string[] = [];
    server.use(
      http.put('/api/federation/accounts/:id/block', ({ params }) => {
        blocked.push(String(params.id));
        // From now on the server leaves her comments out for the viewer.
        server.use(http.get('/api/posts/42/comments', () => HttpResponse.json(pageOf([]))));
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const item = await within(commentsSection()).findByRole('article', {
      name: 'Comment by Mallory Elsewhere',
    });
    await user.click(within(item).getByRole('button', { name: 'Block @mallory@social.example' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: COMMENT_TEXTS.blockQuestion('@mallory@social.example'),
    });
    expect(dialog).toHaveAccessibleDescription(COMMENT_TEXTS.blockExplained);
    await user.click(within(dialog).getByRole('button', { name: COMMENT_TEXTS.block }));

    await vi.waitFor(() =>
      expect(
        within(commentsSection()).queryByRole('article', { name: 'Comment by Mallory Elsewhere' }),
      ).toBeNull(),
    );
    expect(blocked).toEqual(['31']);
  });

  it('shows a deleted comment without author or text, with its replies', async () => {
    servePost(postFixture({ author: bobRef, commentsCount: 1 }), [
      threadFixture({
        deleted: true,
        user: { ...DELETED_COMMENT_USER },
        content: '',
        replies: [replyFixture(401, 'Still here')],
        replyCount: 1,
      }),
    ]);
    renderApp('/post/42', { signedIn: true });
    await findTitle();

    const comments = within(commentsSection());
    const deleted = await comments.findByRole('article', { name: 'Comment deleted' });
    expect(within(deleted).queryByRole('button')).not.toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
    const list = comments.getByRole('list', { name: 'Replies to Comment deleted' });
    expect(list).toHaveTextContent('Still here');
  });

  it('keeps the thread when its comment is deleted, and the count drops by one', async () => {
    servePost(postFixture({ author: annRef, commentsCount: 2 }), [
      threadFixture({ replies: [replyFixture(401, 'Kept reply')], replyCount: 1 }),
    ]);
    server.use(http.delete('/api/comments/300', () => new HttpResponse(null, { status: 204 })));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const thread = await within(commentsSection()).findByRole('article', { name: 'Comment by Bob Stone' });
    await user.click(within(thread).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(user, 'Are you sure you want to delete this comment?', 'Delete');
    expect(await within(commentsSection()).findByRole('article', { name: 'Comment deleted' })).toBeVisible();
    expect(within(commentsSection()).getByText('Kept reply')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Learning Rust ownership' })).toHaveTextContent('1 comment');
  });
});
