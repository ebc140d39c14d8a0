import type { Post } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { responseConfirmation } from '../../../test/confirmation';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { renderApp } from '../../../test/render-app';
import { bobRef, imageMedia, postFixture, videoMedia } from '../test/posts';

const findCard = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('article')!;

function serveFeed(...pages: Post[][]) {
  const requested: number[] = [];
  server.use(
    http.get('/api/posts', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      requested.push(page);
      return HttpResponse.json(pageOf(pages[page] ?? [], page, page >= pages.length - 1));
    }),
  );
  return requested;
}

describe("Home 'Latest Posts' tab", () => {
  it("shows 'Loading content...' while the first page is on its way", async () => {
    const feed = heldResponse();
    server.use(http.get('/api/posts', feed.resolver));
    renderApp('/', { signedIn: true });

    await feed.arrived;
    expect(await screen.findByText('Loading content...')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Latest Posts', selected: true })).toBeInTheDocument();
    feed.release(HttpResponse.json(pageOf([postFixture()])));
    expect(await findCard('Learning Rust ownership')).toBeInTheDocument();
    expect(screen.queryByText('Loading content...')).not.toBeInTheDocument();
  });

  it('shows each post as the spec card: author, clamped text, category, time, likes, comments, progress', async () => {
    serveFeed([
      postFixture({ author: bobRef, likesCount: 1, commentsCount: 3 }),
      postFixture({
        id: 43,
        title: 'No progress here',
        likesCount: 2,
        commentsCount: 1,
        learningProgressPercent: null,
      }),
    ]);
    renderApp('/?tab=anything', { signedIn: true });

    const card = await findCard('Learning Rust ownership');
    expect(screen.getByRole('tab', { name: 'Latest Posts', selected: true })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Bob Stone' })).toHaveAttribute('href', '/profile/8');
    const textLink = within(card).getByRole('link', { name: /Learning Rust ownership/ });
    expect(textLink).toHaveAttribute('href', '/post/42');
    expect(within(textLink).getByText(/Moves, borrows/)).toHaveClass('line-clamp-3');
    expect(card).toHaveTextContent('programming');
    expect(card).toHaveTextContent('about 2 hours ago');
    expect(within(card).getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(card).getByRole('link', { name: '3 comments' })).toHaveAttribute('href', '/post/42');
    expect(card).toHaveTextContent('Progress: 40%');

    const other = await findCard('No progress here');
    expect(within(other).getByRole('button', { name: 'Like, 2 likes' })).toBeInTheDocument();
    expect(within(other).getByRole('link', { name: '1 comment' })).toBeInTheDocument();
    expect(other).not.toHaveTextContent('Progress');
  });

  it("reads 'some time ago' when the creation time cannot be read", async () => {
    serveFeed([postFixture({ createdAt: 'not a date' })]);
    renderApp('/', { signedIn: true });

    expect(await findCard('Learning Rust ownership')).toHaveTextContent('some time ago');
  });

  it("shows at most six media, lazy thumbnails with their size, and '+N more' for the rest", async () => {
    const media = [
      imageMedia(1),
      videoMedia(2),
      imageMedia(3, ''),
      ...[4, 5, 6, 7, 8].map((id) => imageMedia(id)),
    ];
    serveFeed([postFixture({ media })]);
    renderApp('/', { signedIn: true });

    const card = await findCard('Learning Rust ownership');
    const grid = within(card).getByRole('list');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(6);
    expect(grid).toHaveClass('grid-cols-3');
    expect(grid).toHaveTextContent('+2 more');
    const first = within(grid).getByRole('img', { name: 'Photo 1' });
    expect(first).toHaveAttribute('src', media[0]!.thumbnailUrl);
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('width', '800');
    expect(first).toHaveAttribute('height', '600');
    expect(within(grid).getByLabelText('Learning Rust ownership, video 2 of 8')).toHaveAttribute(
      'src',
      media[1]!.fileUrl,
    );
    // An image nobody described: an empty alt, and words for screen readers instead of a file name.
    const third = within(grid).getAllByRole('listitem')[2]!;
    expect(third.querySelector('img')).toHaveAttribute('alt', '');
    expect(third).toHaveTextContent('Image 3 of 8: No description');
  });

  it.each([
    [1, 'grid-cols-1'],
    [2, 'grid-cols-2'],
    [3, 'grid-cols-3'],
    [4, 'grid-cols-2'],
    [5, 'grid-cols-3'],
  ])('lays %i media out in its own columns', async (count, columns) => {
    serveFeed([postFixture({ media: Array.from({ length: count }, (_, i) => imageMedia(i + 1)) })]);
    renderApp('/', { signedIn: true });

    const grid = within(await findCard('Learning Rust ownership')).getByRole('list');
    expect(grid).toHaveClass(columns);
    expect(grid).not.toHaveTextContent('more');
  });

  it("offers 'Create your first post' when there are no posts", async () => {
    serveFeed([]);
    renderApp('/', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first post' })).toHaveAttribute(
      'href',
      '/create-post',
    );
  });

  it("appends later pages with 'Load More Posts' until the last one", async () => {
    const requested = serveFeed(
      [postFixture({ id: 1, title: 'First page post' })],
      [postFixture({ id: 2, title: 'Second page post' })],
    );
    const { user } = renderApp('/', { signedIn: true });

    await findCard('First page post');
    await user.click(screen.getByRole('button', { name: 'Load More Posts' }));

    expect(await findCard('Second page post')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First page post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).not.toBeInTheDocument();
    expect(requested).toEqual([0, 1]);
  });

  it('reads each later page after the cursor the page before answered', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/posts', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page'));
        cursors.push(query.get('cursor'));
        const post = postFixture({ id: page + 1, title: `Post ${page + 1}` });
        const nextCursor = page < 2 ? `170000000000${page}_${page + 1}` : null;
        return HttpResponse.json({ ...pageOf([post], page, nextCursor === null), nextCursor });
      }),
    );
    const { user } = renderApp('/', { signedIn: true });

    await findCard('Post 1');
    await user.click(screen.getByRole('button', { name: 'Load More Posts' }));
    await findCard('Post 2');
    await user.click(screen.getByRole('button', { name: 'Load More Posts' }));
    expect(await findCard('Post 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).not.toBeInTheDocument();
    expect(cursors).toEqual([null, '1700000000000_1', '1700000000001_2']);
  });

  it('keeps the list when a later page fails, and Load More tries that page again', async () => {
    let secondPageCalls = 0;
    server.use(
      http.get('/api/posts', ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '0')
          return HttpResponse.json(pageOf([postFixture({ id: 1, title: 'First page post' })], 0, false));
        secondPageCalls++;
        return secondPageCalls === 1
          ? errorResponse(400, 'page is too large')()
          : HttpResponse.json(pageOf([postFixture({ id: 2, title: 'Second page post' })], 1, true));
      }),
    );
    const { user } = renderApp('/', { signedIn: true });
    await findCard('First page post');

    await user.click(screen.getByRole('button', { name: 'Load More Posts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load posts. Please try again later.',
    );
    expect(screen.getByRole('heading', { name: 'First page post' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Posts' }));

    expect(await findCard('Second page post')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Error Loading Content' and 'Try Again' loads page 0 again", async () => {
    let calls = 0;
    server.use(
      http.get('/api/posts', () => {
        calls++;
        return calls === 1
          ? errorResponse(400, 'page must be 0 or more')()
          : HttpResponse.json(pageOf([postFixture()]));
      }),
    );
    const { user } = renderApp('/', { signedIn: true });

    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Error Loading Content');
    expect(box).toHaveTextContent('Failed to load posts. Please try again later.');
    await user.click(within(box).getByRole('button', { name: 'Try Again' }));

    expect(await findCard('Learning Rust ownership')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('loads page 0 again when the refresh query changes', async () => {
    const requested = serveFeed([postFixture()]);
    const { router } = renderApp('/?refresh=1', { signedIn: true });
    await findCard('Learning Rust ownership');

    await router.navigate('/?refresh=2');

    await vi.waitFor(() => expect(requested).toEqual([0, 0]));
  });
});

describe('liking from a card', () => {
  it('shows the like at once, ignores clicks while it is on its way, keeping focus, then shows the response', async () => {
    serveFeed([postFixture({ author: bobRef, likesCount: 4 })]);
    const like = heldResponse();
    let likeCalls = 0;
    server.use(
      http.post('/api/posts/42/like', () => {
        likeCalls++;
        return like.resolver();
      }),
    );
    const { user } = renderApp('/', { signedIn: true });
    const card = await findCard('Learning Rust ownership');

    await user.click(within(card).getByRole('button', { name: 'Like, 4 likes' }));
    await like.arrived;
    const button = within(card).getByRole('button', { name: 'Like, 5 likes' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    // Others liked it meanwhile: the server's count is the one kept.
    like.release(HttpResponse.json({ liked: true, likesCount: 7 }));

    const liked = await within(card).findByRole('button', { name: 'Like, 7 likes' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(liked).not.toHaveAttribute('aria-disabled');
    expect(liked).toHaveFocus();
    expect(likeCalls).toBe(1);
  });
});

describe('editing and deleting from a card', () => {
  it("offers Edit and Delete on the viewer's own posts only", async () => {
    serveFeed([postFixture(), postFixture({ id: 43, title: "Bob's post", author: bobRef })]);
    renderApp('/', { signedIn: true });

    const mine = await findCard('Learning Rust ownership');
    expect(within(mine).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-post/42');
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const theirs = await findCard("Bob's post");
    expect(within(theirs).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('asks first, is busy while deleting, then says so and drops the post', async () => {
    serveFeed([postFixture(), postFixture({ id: 43, title: 'Another post' })]);
    const deletion = heldResponse();
    server.use(http.delete('/api/posts/42', deletion.resolver));
    const { user } = renderApp('/', { signedIn: true });
    const card = await findCard('Learning Rust ownership');

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );
    await deletion.arrived;
    const deleting = within(card).getByRole('button', { name: 'Deleting...' });
    expect(deleting).toHaveAttribute('aria-busy', 'true');
    expect(deleting).toHaveFocus();
    deletion.release(new HttpResponse(null, { status: 204 }));

    expect(await screen.findByText('Post deleted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Learning Rust ownership' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Another post' })).toBeInTheDocument();
  });

  it('sends nothing when the question is answered no', async () => {
    serveFeed([postFixture()]);
    let deletes = 0;
    server.use(
      http.delete('/api/posts/42', () => {
        deletes++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/', { signedIn: true });

    await user.click(
      within(await findCard('Learning Rust ownership')).getByRole('button', { name: 'Delete' }),
    );
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Cancel',
    );

    expect(deletes).toBe(0);
    expect(screen.getByRole('heading', { name: 'Learning Rust ownership' })).toBeInTheDocument();
  });

  it('tries twice more, a second apart, when the server fails', async () => {
    serveFeed([postFixture()]);
    const attempts: number[] = [];
    server.use(
      http.delete('/api/posts/42', () => {
        attempts.push(Date.now());
        return attempts.length < 3 ? HttpResponse.error() : new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/', { signedIn: true });

    await user.click(
      within(await findCard('Learning Rust ownership')).getByRole('button', { name: 'Delete' }),
    );
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );

    expect(await screen.findByText('Post deleted successfully!')).toBeInTheDocument();
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(950);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(950);
  });

  it("shows 'Server error occurred. Please try again later.' when every attempt fails on the way", async () => {
    serveFeed([postFixture()]);
    server.use(http.delete('/api/posts/42', () => HttpResponse.error()));
    const { user } = renderApp('/', { signedIn: true });

    await user.click(
      within(await findCard('Learning Rust ownership')).getByRole('button', { name: 'Delete' }),
    );
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server error occurred. Please try again later.',
    );
    expect(screen.getByRole('heading', { name: 'Learning Rust ownership' })).toBeInTheDocument();
  });

  it("shows the server's refusal at once, without trying again", async () => {
    serveFeed([postFixture()]);
    let attempts = 0;
    server.use(
      http.delete('/api/posts/42', () => {
        attempts++;
        return errorResponse(403, 'You do not have permission to delete this post')();
      }),
    );
    const { user } = renderApp('/', { signedIn: true });

    await user.click(
      within(await findCard('Learning Rust ownership')).getByRole('button', { name: 'Delete' }),
    );
    await responseConfirmation(
      user,
      'Are you sure you want to delete this post? This action cannot be undone.',
      'Delete',
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to delete post. You do not have permission to delete this post',
    );
    expect(attempts).toBe(1);
  });
});
