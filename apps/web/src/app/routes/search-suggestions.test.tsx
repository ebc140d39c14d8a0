import type { FollowSuggestion, SearchResult } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../test/error-response';
import { ann } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../test/page-load-timeout';
import { pageOf } from '../../test/page-of';
import { planFixture } from '../../test/plans';
import { renderApp } from '../../test/render-app';
import { loadPages } from '../router';

const cleo: FollowSuggestion = {
  id: 21,
  name: 'Cleo Park',
  handle: 'cleopark',
  profilePicture: null,
  followersCount: 12,
  sharesCategory: true,
};

function serveSuggestions() {
  server.use(
    http.get('/api/learning-plans/popular', () =>
      HttpResponse.json(
        pageOf([planFixture({ id: 5, title: 'Learn Rust' }), planFixture({ id: 6, title: 'Jazz piano' })]),
      ),
    ),
    http.get('/api/feed/suggestions', () => HttpResponse.json([cleo])),
    http.get('/api/users/21/follow/status', () => HttpResponse.json({ isFollowing: false })),
  );
}

/** Answers every search with nothing found. */
function serveEmptySearch() {
  const empty = { ...pageOf([]), totalIsLowerBound: false };
  server.use(
    http.get('/api/search', () =>
      HttpResponse.json({
        users: empty,
        posts: empty,
        learningPlans: empty,
        groups: empty,
      } satisfies SearchResult),
    ),
  );
}

const recentLinks = () =>
  within(screen.getByRole('region', { name: 'Recent searches' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

// The search page's code, loaded once ahead: its first import can take seconds on a busy machine.
beforeAll(() => loadPages('/search'));

describe('the search page without a query', () => {
  it('suggests popular learning plans and people to follow, and no tabs', async () => {
    serveSuggestions();
    renderApp('/search', { signedIn: true });

    const plans = await screen.findByRole('region', { name: 'Popular learning plans' });
    expect(await within(plans).findByRole('link', { name: 'Learn Rust' })).toHaveAttribute(
      'href',
      '/learning-plan/5',
    );
    expect(within(plans).getByRole('link', { name: 'Jazz piano' })).toBeInTheDocument();
    const people = screen.getByRole('region', { name: 'People to follow' });
    expect(await within(people).findByRole('link', { name: /Cleo Park/ })).toHaveAttribute(
      'href',
      '/profile/21',
    );
    expect(within(people).getByRole('button', { name: /Follow/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // Nothing searched yet on this browser: no recent searches.
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('lists recent searches newest first, each running it again, and clears them', async () => {
    serveSuggestions();
    serveEmptySearch();
    const { user, router } = renderApp('/search?q=rust', { signedIn: true });
    expect(await screen.findByText('No results found for "rust"')).toBeVisible();
    for (const query of ['go', 'RUST', 'piano & jazz']) {
      await router.navigate(`/search?${new URLSearchParams({ q: query })}`);
      expect(await screen.findByText(`No results found for "${query}"`)).toBeVisible();
    }
    await router.navigate('/search');

    await screen.findByRole('region', { name: 'Recent searches' });
    // A query searched again moves to the top instead of showing twice, whatever its case.
    expect(recentLinks()).toEqual([
      ['piano & jazz', '/search?q=piano+%26+jazz'],
      ['RUST', '/search?q=RUST'],
      ['go', '/search?q=go'],
    ]);

    await user.click(screen.getByRole('link', { name: 'go' }));
    expect(await screen.findByText('No results found for "go"')).toBeVisible();
    await router.navigate('/search');
    expect((await screen.findByRole('region', { name: 'Recent searches' })).textContent).toMatch(
      /^Recent searches/,
    );
    expect(recentLinks()[0]).toEqual(['go', '/search?q=go']);

    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Popular learning plans' })).toBeInTheDocument();
  });

  it('keeps at most eight recent searches', async () => {
    serveSuggestions();
    serveEmptySearch();
    const { router } = renderApp('/search?q=q0', { signedIn: true });
    for (let i = 1; i < 10; i++) {
      await router.navigate(`/search?q=q${i}`);
      expect(await screen.findByText(`No results found for "q${i}"`)).toBeVisible();
    }
    await router.navigate('/search');
    await screen.findByRole('region', { name: 'Recent searches' });
    expect(recentLinks().map(([text]) => text)).toEqual(['q9', 'q8', 'q7', 'q6', 'q5', 'q4', 'q3', 'q2']);
  });

  it('never shows one account’s recent searches to another signed in on the same browser', async () => {
    serveSuggestions();
    localStorage.setItem(`pathwise_recent_searches_${ann.id + 1}`, JSON.stringify(['secret plans']));
    renderApp('/search', { signedIn: true });

    await screen.findByRole('region', { name: 'Popular learning plans' });
    expect(screen.queryByText('secret plans')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('says when suggestions could not be loaded, and the search still works', async () => {
    server.use(
      http.get('/api/learning-plans/popular', errorResponse(500, 'boom')),
      http.get('/api/feed/suggestions', errorResponse(500, 'boom')),
    );
    serveEmptySearch();
    const { user } = renderApp('/search', { signedIn: true });

    expect(
      await screen.findByText('Learning plans could not be loaded.', {}, { timeout: PAGE_LOAD_TIMEOUT_MS }),
    ).toBeVisible();
    expect(
      await screen.findByText('Suggestions could not be loaded.', {}, { timeout: PAGE_LOAD_TIMEOUT_MS }),
    ).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search for' }), 'rust{Enter}');
    expect(await screen.findByText('No results found for "rust"')).toBeVisible();
  });
});
