import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bobRef, commentFixture, postFixture, servePost } from '../../features/posts/test/posts';
import { errorResponse } from '../../test/error-response';
import { server } from '../../test/msw-server';
import { pageOf } from '../../test/page-of';
import { planFixture, servePlan } from '../../test/plans';
import { bob } from '../../test/profiles';
import { renderApp } from '../../test/render-app';

/** The instance lets visitors read (PUBLIC_READING); any request not declared fails the test. */
const allowReading = () =>
  server.use(http.get('/api/instance', () => HttpResponse.json({ publicReading: true })));

const findPostTitle = () => screen.findByRole('heading', { level: 1, name: 'Learning Rust ownership' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a visitor reading signed out', () => {
  it('reads a shared post under a top bar offering "Sign in" and "Join", with no bell, menu or search', async () => {
    allowReading();
    servePost(postFixture({ author: bobRef, likesCount: 3 }), [commentFixture({ user: bobRef })]);
    renderApp('/post/42');

    await findPostTitle();
    const bar = screen.getAllByRole('banner')[0]!;
    expect(within(bar).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(bar).getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/signup');
    expect(within(bar).queryByRole('button', { name: /notifications/i })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: '+ Post' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like, 3 likes' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('article', { name: 'Comment by Bob Stone' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
  });

  it('is asked to sign in on Like, sending nothing, and comes back to the post once signed in', async () => {
    allowReading();
    servePost(postFixture({ author: bobRef }));
    const { user, router } = renderApp('/post/42');

    await findPostTitle();
    // A like request would be unhandled by the mock server and fail the test.
    await user.click(screen.getByRole('button', { name: 'Like, 0 likes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    // Behind the dialog (hidden from the accessibility tree meanwhile), nothing was liked.
    const like = screen.getByRole('button', { name: 'Like, 0 likes', hidden: true });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(dialog).getByRole('link', { name: 'Sign in' }));
    await router.arrivesAt('/login');
    expect(router.state.location.state).toEqual({ from: '/post/42' });
  });

  it('is asked to sign in on every other action: comment, save, report, share stays open to all', async () => {
    allowReading();
    servePost(postFixture({ author: bobRef }));
    const { user } = renderApp('/post/42');

    await findPostTitle();
    for (const name of ['Sign in to comment', 'Save', 'Report post']) {
      await user.click(screen.getByRole('button', { name }));
      const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
  });

  it('copies the canonical link with "Copy link" where the browser has no share sheet, and says so', async () => {
    allowReading();
    servePost(postFixture({ author: bobRef }));
    // jsdom has no share sheet; user-event gives the page a clipboard of its own, watched here.
    const { user } = renderApp('/post/42');

    await findPostTitle();
    expect(navigator.share).toBeUndefined();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/42`);
    expect(await screen.findByText('Link copied')).toHaveAttribute('role', 'status');
  });

  it("opens the device's share sheet where the browser has one", async () => {
    allowReading();
    servePost(postFixture({ author: bobRef }));
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    const { user } = renderApp('/post/42');

    await findPostTitle();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Learning Rust ownership',
      url: `${window.location.origin}/post/42`,
    });
  });

  it('reads a plan without notes, and is asked to sign in to track progress or use it as a template', async () => {
    allowReading();
    const plan = planFixture({ creator: bobRef });
    servePlan(plan);
    const { user } = renderApp(`/learning-plan/${plan.id}`);

    await screen.findByRole('heading', { level: 1, name: plan.title });
    expect(screen.queryByRole('button', { name: /note/i })).not.toBeInTheDocument();
    const tick = screen.getByRole('checkbox', { name: 'Borrowing slides' });
    expect(tick).not.toBeChecked();
    await user.click(tick);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(tick).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Use as template' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it('opens a profile at /@handle, without the Activity tab or the follower lists', async () => {
    allowReading();
    server.use(
      http.get('/api/users/by-handle/bobstone', () => HttpResponse.json(bob)),
      http.get('/api/posts/user/8', () => HttpResponse.json(pageOf([]))),
    );
    const { user } = renderApp('/@bobstone');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Stone' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Followers/ })).not.toBeInTheDocument();
    expect(screen.getByText('Followers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it('is asked to sign in to see a profile its owner does not show to visitors', async () => {
    allowReading();
    server.use(
      http.get(
        '/api/users/by-handle/hidden_one',
        errorResponse(404, 'User profile not found. Please check the user ID.'),
      ),
    );
    renderApp('/@hidden_one');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to see this profile' }),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
  });

  it('is welcomed on the home page with the latest posts and public plans, and no Following tab', async () => {
    allowReading();
    server.use(http.get('/api/posts', () => HttpResponse.json(pageOf([postFixture({ author: bobRef })]))));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Pathwise' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Learning Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Following' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Learning Rust ownership' })).toBeInTheDocument();
  });

  it('is sent to sign in on a page only members have, even on an instance that allows reading', async () => {
    allowReading();
    const { router } = renderApp('/saved');
    await router.arrivesAt('/login');
    expect(router.state.location.state).toEqual({ from: '/saved' });
  });
});

describe('a visitor on the default instance', () => {
  it('is sent to sign in from a shared post, and back to it afterwards', async () => {
    const { router } = renderApp('/post/42');
    await router.arrivesAt('/login');
    expect(router.state.location.state).toEqual({ from: '/post/42' });
  });
});
