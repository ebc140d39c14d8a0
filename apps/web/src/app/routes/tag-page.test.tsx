import { TAG_MESSAGES } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { bobRef, postFixture } from '../../features/posts/test/posts';
import { errorResponse } from '../../test/error-response';
import { server } from '../../test/msw-server';
import { pageOf } from '../../test/page-of';
import { planFixture } from '../../test/plans';
import { renderApp } from '../../test/render-app';

const summary = (fields = {}) => ({ name: 'rust', postCount: 1, planCount: 1, following: false, ...fields });

function serveTag({ following = false } = {}) {
  server.use(
    http.get('/api/tags/rust', () => HttpResponse.json(summary({ following }))),
    http.get('/api/tags/rust/posts', () =>
      HttpResponse.json(pageOf([postFixture({ author: bobRef, tags: ['rust'] })])),
    ),
    http.get('/api/tags/rust/plans', () => HttpResponse.json(pageOf([planFixture({ tags: ['rust'] })]))),
  );
}

describe('the tag page', () => {
  it('shows the tag, its counts, its posts and plans on tabs, and follows it', async () => {
    serveTag();
    let followed = 0;
    server.use(
      http.post('/api/tags/rust/follow', () => {
        followed++;
        return HttpResponse.json({ following: true });
      }),
    );
    const { user } = renderApp('/tags/rust', { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: '#rust' })).toBeInTheDocument();
    expect(await screen.findByText('1 post · 1 public learning plan')).toBeInTheDocument();
    const post = await screen.findByRole('article', { name: 'Learning Rust ownership' });
    expect(within(post).getByRole('link', { name: '#rust' })).toHaveAttribute('href', '/tags/rust');
    await user.click(screen.getByRole('tab', { name: 'Learning Plans' }));
    expect(await screen.findByRole('heading', { name: 'Learn Rust' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(followed).toBe(1);
  });

  it('has no feed link on an instance visitors may not read', async () => {
    serveTag();
    renderApp('/tags/rust', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Feed/ })).not.toBeInTheDocument();
  });

  it("links the tag's Atom feed when visitors may read the instance", async () => {
    serveTag();
    server.use(http.get('/api/instance', () => HttpResponse.json({ publicReading: true })));
    renderApp('/tags/rust', { signedIn: true });
    const feed = await screen.findByRole('link', { name: 'Feed of the posts tagged #rust (Atom)' });
    expect(feed).toHaveAttribute('href', '/tags/rust/feed.xml');
    expect(feed).toHaveAttribute('type', 'application/atom+xml');
  });

  it('says when a tag has no posts yet, and when its page cannot be loaded', async () => {
    server.use(
      http.get('/api/tags/rust', errorResponse(500, 'Something went wrong')),
      http.get('/api/tags/rust/posts', () => HttpResponse.json(pageOf([]))),
    );
    renderApp('/tags/rust', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'No posts tagged #rust yet' })).toBeInTheDocument();
    expect(await screen.findByText(TAG_MESSAGES.loadFailed)).toBeInTheDocument();
  });

  it('asks a visitor to sign in before following, sending nothing', async () => {
    server.use(http.get('/api/instance', () => HttpResponse.json({ publicReading: true })));
    serveTag();
    const { user } = renderApp('/tags/rust');

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });
});
