import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { responseConfirmation } from '../../../test/confirmation';
import { errorResponse } from '../../../test/error-response';
import { serveFailingNextPage } from '../../../test/failing-next-page';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import {
  annRef,
  bobRef,
  commentFixture,
  imageMedia,
  postFixture,
  serveEmptyFeed,
  servePost,
  threadFixture,
  videoMedia,
} from '../test/posts';

const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Learning Rust ownership' });
const commentsSection = () => screen.getByRole('region', { name: 'Comments' });
const commentBy = (name: string) =>
  within(commentsSection()).getByRole('article', { name: `Comment by ${name}` });

describe('post detail', () => {
  it('shows the author, title, content, media at full size, progress, likes and the comment count', async () => {
    servePost(
      postFixture({ author: bobRef, media: [imageMedia(1), videoMedia(2)], likesCount: 1, commentsCount: 2 }),
    );
    renderApp('/post/42', { signedIn: true });

    await findTitle();
    const post = screen.getByRole('article', { name: 'Learning Rust ownership' });
    expect(within(post).getByRole('link', { name: 'Bob Stone' })).toHaveAttribute('href', '/profile/8');
    expect(post).toHaveTextContent('Moves, borrows and lifetimes finally clicked today.');
    expect(post).toHaveTextContent('programming');
    const image = within(post).getByRole('img', { name: 'Photo 1' });
    expect(image).toHaveAttribute('src', imageMedia(1).fileUrl);
    expect(image).toHaveAttribute('width', '800');
    const video = within(post).getByLabelText('Learning Rust ownership, video 2 of 2');
    expect(video).toHaveAttribute('src', videoMedia(2).fileUrl);
    expect(video).toHaveAttribute('controls');
    expect(within(post).getByRole('progressbar', { name: 'Learning progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(post).toHaveTextContent('40%');
    expect(within(post).getByRole('button', { name: 'Like, 1 like' })).toBeInTheDocument();
    expect(post).toHaveTextContent('2 comments');
  });

  it("says 'Failed to process like action. Please try again.' when a like fails", async () => {
    servePost(postFixture({ author: bobRef }));
    server.use(http.post('/api/posts/42/like', errorResponse(404, 'Post not found')));
    const { user } = renderApp('/post/42', { signedIn: true });

    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Like, 0 likes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process like action. Please try again.',
    );
    // The like shown ahead of the response is taken back.
    expect(screen.getByRole('button', { name: 'Like, 0 likes' })).toHaveAttribute('aria-pressed', 'false');
  });

  it.each([
    ['a missing post', errorResponse(404, 'Post not found'), 'Post not found'],
    [
      'a post it may not read',
      errorResponse(403, 'Forbidden'),
      'Failed to load post. It may have been deleted or you may not have permission to view it.',
    ],
  ])('explains %s', async (_label, response, message) => {
    server.use(http.get('/api/posts/42', response));
    renderApp('/post/42', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("answers 'Post not found' for an id that is not a number, without asking the server", async () => {
    renderApp('/post/abc', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent('Post not found');
  });

  it("goes back where the user came from with 'Go back'", async () => {
    servePost(postFixture());
    serveEmptyFeed();
    const { user, router } = renderApp('/?tab=posts', { signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' });
    await router.navigate('/post/42');
    await findTitle();

    await user.click(screen.getByRole('button', { name: 'Go back' }));

    await router.arrivesAt('/');
    expect(router.state.location.search).toBe('?tab=posts');
  });
});

describe('comments', () => {
  it('adds a comment on top, with the button disabled while the text is blank', async () => {
    servePost(postFixture({ author: bobRef, commentsCount: 1 }), [commentFixture()]);
    let sent: unknown;
    server.use(
      http.post('/api/posts/42/comments', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          commentFixture({
            id: 301,
            content: 'Thanks for sharing',
            user: annRef,
            createdAt: new Date().toISOString(),
          }),
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    const submit = screen.getByRole('button', { name: 'Post Comment' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.type(box, '   ');
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.type(box, ' Thanks for sharing ');
    await user.click(submit);

    expect(await within(commentsSection()).findByText('Thanks for sharing')).toBeInTheDocument();
    expect(sent).toEqual({ content: 'Thanks for sharing' });
    expect(box).toHaveValue('');
    expect(submit).toHaveFocus();
    const items = within(commentsSection()).getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Comment by Ann Lee',
      'Comment by Bob Stone',
    ]);
    expect(screen.getByRole('article', { name: 'Learning Rust ownership' })).toHaveTextContent('2 comments');
  });

  it('sends a comment with Ctrl+Enter or Cmd+Enter, while Enter alone starts a new line', async () => {
    servePost(postFixture({ author: bobRef }));
    const sent: unknown[] = [];
    server.use(
      http.post('/api/posts/42/comments', async ({ request }) => {
        const body = (await request.json()) as { content: string };
        sent.push(body);
        return HttpResponse.json(
          commentFixture({ id: 300 + sent.length, content: body.content, user: annRef }),
          {
            status: 201,
          },
        );
      }),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });

    await user.type(box, 'Two{Enter}lines');
    expect(sent).toEqual([]);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await vi.waitFor(() => expect(sent).toEqual([{ content: 'Two\nlines' }]));
    await vi.waitFor(() => expect(box).toHaveValue(''));
    expect(box).toHaveFocus();

    await user.type(box, 'From a Mac');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await vi.waitFor(() => expect(sent).toEqual([{ content: 'Two\nlines' }, { content: 'From a Mac' }]));
  });

  it("keeps the comments when 'Load more comments' fails, says so, and loads them on the next try", async () => {
    servePost(postFixture({ commentsCount: 2 }));
    const olderPage = serveFailingNextPage(
      '/api/posts/42/comments',
      threadFixture({ content: 'Newest word' }),
      threadFixture({ id: 299, content: 'Older word' }),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const comments = within(commentsSection());
    await comments.findByText('Newest word');

    await user.click(comments.getByRole('button', { name: 'Load more comments' }));
    expect(await comments.findByRole('alert')).toHaveTextContent('Failed to load comments.');
    expect(comments.getByText('Newest word')).toBeInTheDocument();

    olderPage.recover();
    await user.click(comments.getByRole('button', { name: 'Load more comments' }));
    expect(await comments.findByText('Older word')).toBeInTheDocument();
    expect(comments.getByText('Newest word')).toBeInTheDocument();
  });

  it("says 'Failed to add comment. Please try again.' and keeps the text when adding fails", async () => {
    servePost(postFixture());
    server.use(http.post('/api/posts/42/comments', () => HttpResponse.error()));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Lost words');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add comment. Please try again.');
    expect(box).toHaveValue('Lost words');
  });

  it('shows a new comment at once, then the saved one; a refusal takes it back out with the text', async () => {
    servePost(postFixture({ author: bobRef, commentsCount: 0 }));
    const first = heldResponse();
    const second = heldResponse();
    let calls = 0;
    server.use(
      http.post('/api/posts/42/comments', () => (++calls === 1 ? first.resolver() : second.resolver())),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    const post = () => screen.getByRole('article', { name: 'Learning Rust ownership' });

    await user.type(box, 'Straight away');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await first.arrived;
    const shown = within(commentsSection()).getByRole('article', { name: 'Comment by Ann Lee' });
    expect(shown).toHaveTextContent('Straight away');
    expect(shown).toHaveTextContent('Posting...');
    expect(shown).toHaveAttribute('aria-busy', 'true');
    expect(within(shown).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(post()).toHaveTextContent('1 comment');

    first.release(
      HttpResponse.json(commentFixture({ id: 310, content: 'Straight away', user: annRef }), { status: 201 }),
    );
    const saved = () => within(commentsSection()).getByRole('article', { name: 'Comment by Ann Lee' });
    await vi.waitFor(() => expect(saved()).not.toHaveTextContent('Posting...'));
    expect(saved()).toHaveTextContent('Straight away');
    expect(within(saved()).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.type(box, 'Refused');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await second.arrived;
    expect(within(commentsSection()).getAllByRole('article')).toHaveLength(2);
    expect(post()).toHaveTextContent('2 comments');
    second.release(HttpResponse.error());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add comment. Please try again.');
    expect(within(commentsSection()).getAllByRole('article')).toHaveLength(1);
    expect(box).toHaveValue('Refused');
    expect(post()).toHaveTextContent('1 comment');
  });

  it('keeps the next comment typed while the one before is on its way', async () => {
    servePost(postFixture({ author: bobRef, commentsCount: 0 }));
    const first = heldResponse();
    server.use(http.post('/api/posts/42/comments', () => first.resolver()));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });

    await user.type(box, 'First thought');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await first.arrived;
    await user.type(box, 'Second thought');
    first.release(
      HttpResponse.json(commentFixture({ id: 320, content: 'First thought', user: annRef }), { status: 201 }),
    );

    const saved = () => within(commentsSection()).getByRole('article', { name: 'Comment by Ann Lee' });
    await vi.waitFor(() => expect(saved()).not.toHaveTextContent('Posting...'));
    expect(box).toHaveValue('Second thought');
  });

  it("offers edit only to the comment's author and delete also to the post's author", async () => {
    servePost(postFixture(), [
      commentFixture({ id: 1, user: annRef, content: 'Mine' }),
      commentFixture({ id: 2, user: bobRef, content: "Bob's" }),
    ]);
    renderApp('/post/42', { signedIn: true });
    await findTitle();

    const mine = await within(commentsSection()).findByRole('article', { name: 'Comment by Ann Lee' });
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const bobs = commentBy('Bob Stone');
    expect(within(bobs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(bobs).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("offers no Edit or Delete on someone else's comment under someone else's post", async () => {
    servePost(postFixture({ author: bobRef }), [commentFixture({ user: bobRef })]);
    renderApp('/post/42', { signedIn: true });
    await findTitle();

    const bobs = await within(commentsSection()).findByRole('article', { name: 'Comment by Bob Stone' });
    expect(
      within(bobs)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['0 likes', 'Reply', 'Report']);
    expect(within(bobs).getByRole('button', { name: 'Report comment by Bob Stone' })).toBeInTheDocument();
  });

  it('edits a comment in place; Cancel reverts and Save sends the new text', async () => {
    servePost(postFixture({ author: bobRef }), [commentFixture({ user: annRef, content: 'Frist' })]);
    let sent: unknown;
    server.use(
      http.put('/api/comments/300', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(commentFixture({ user: annRef, content: 'First' }));
      }),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const mine = await within(commentsSection()).findByRole('article', { name: 'Comment by Ann Lee' });

    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit comment' });
    expect(editor).toHaveFocus();
    await user.clear(editor);
    await user.type(editor, 'Discarded');
    await user.click(within(mine).getByRole('button', { name: 'Cancel' }));
    expect(mine).toHaveTextContent('Frist');
    expect(sent).toBeUndefined();

    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    await user.clear(within(mine).getByRole('textbox', { name: 'Edit comment' }));
    expect(within(mine).getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true');
    await user.type(within(mine).getByRole('textbox', { name: 'Edit comment' }), 'First');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));

    expect(await within(mine).findByText('First')).toBeInTheDocument();
    expect(within(mine).queryByRole('textbox')).not.toBeInTheDocument();
    expect(sent).toEqual({ content: 'First' });
  });

  it("says 'Failed to update comment. Please try again.' and stays in edit mode", async () => {
    servePost(postFixture(), [commentFixture({ user: annRef, content: 'Frist' })]);
    server.use(
      http.put('/api/comments/300', errorResponse(403, 'You do not have permission to edit this comment')),
    );
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const mine = await within(commentsSection()).findByRole('article', { name: 'Comment by Ann Lee' });

    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    await user.type(within(mine).getByRole('textbox', { name: 'Edit comment' }), '!');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));

    expect(await within(mine).findByRole('alert')).toHaveTextContent(
      'Failed to update comment. Please try again.',
    );
    expect(within(mine).getByRole('textbox', { name: 'Edit comment' })).toHaveValue('Frist!');
  });

  it('deletes a comment after asking, and the count drops', async () => {
    servePost(postFixture({ commentsCount: 1 }), [commentFixture()]);
    server.use(http.delete('/api/comments/300', () => new HttpResponse(null, { status: 204 })));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const bobs = await within(commentsSection()).findByRole('article', { name: 'Comment by Bob Stone' });

    await user.click(within(bobs).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(user, 'Are you sure you want to delete this comment?', 'Delete');

    await vi.waitFor(() => expect(within(commentsSection()).queryByRole('article')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Learning Rust ownership' })).toHaveTextContent('0 comments');
  });

  it("says 'Failed to delete comment. Please try again.' and keeps the comment", async () => {
    servePost(postFixture(), [commentFixture()]);
    server.use(http.delete('/api/comments/300', errorResponse(404, 'Comment not found')));
    const { user } = renderApp('/post/42', { signedIn: true });
    await findTitle();
    const bobs = await within(commentsSection()).findByRole('article', { name: 'Comment by Bob Stone' });

    await user.click(within(bobs).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(user, 'Are you sure you want to delete this comment?', 'Delete');

    expect(await within(bobs).findByRole('alert')).toHaveTextContent(
      'Failed to delete comment. Please try again.',
    );
    expect(commentBy('Bob Stone')).toBeInTheDocument();
  });
});
