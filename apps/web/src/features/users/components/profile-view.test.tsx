import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../../test/page-load-timeout';
import { bob, findProfileHeading, loadProfileRoute, serveProfiles } from '../../../test/profiles';
import { renderApp } from '../../../test/render-app';

beforeAll(loadProfileRoute);

describe('profile page', () => {
  it("shows someone's profile with counts, member-since month and a Follow button", async () => {
    let requestedUrl = '';
    serveProfiles();
    server.use(
      http.get('/api/users/8', ({ request }) => {
        requestedUrl = request.url;
        return HttpResponse.json(bob);
      }),
    );
    renderApp('/profile/8', { signedIn: true });

    const header = (await findProfileHeading('Bob Stone')).closest('section')!;
    expect(within(header).getByRole('img', { name: 'Bob Stone' })).toHaveAttribute('src', bob.profilePicture);
    expect(header).toHaveTextContent('Learning the cello, one scale at a time.');
    expect(header).toHaveTextContent('Location: Porto');
    expect(header).toHaveTextContent('Member since March 2025');
    expect(header).toHaveTextContent('3 Posts');
    expect(within(header).getByRole('button', { name: '4 Followers' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: '2 Following' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(new URL(requestedUrl).searchParams.get('_t')).toMatch(/^\d+$/);
  });

  it("links the Atom feed of someone's posts when they have one, and not otherwise", async () => {
    serveProfiles();
    server.use(http.get('/api/users/8', () => HttpResponse.json({ ...bob, hasFeed: true })));
    renderApp('/profile/8', { signedIn: true });

    const header = (await findProfileHeading('Bob Stone')).closest('section')!;
    const feed = within(header).getByRole('link', { name: "Feed of Bob Stone's posts (Atom)" });
    expect(feed).toHaveAttribute('href', '/@bobstone/feed.xml');
    expect(feed).toHaveAttribute('type', 'application/atom+xml');
  });

  it('shows no feed link for a profile without a feed', async () => {
    serveProfiles();
    server.use(http.get('/api/users/8', () => HttpResponse.json(bob)));
    renderApp('/profile/8', { signedIn: true });

    const header = (await findProfileHeading('Bob Stone')).closest('section')!;
    expect(within(header).queryByRole('link', { name: /^Feed/ })).not.toBeInTheDocument();
  });

  it('offers Edit Profile and no Follow button on your own profile', async () => {
    serveProfiles();
    renderApp('/profile/7', { signedIn: true });

    const header = (await findProfileHeading('Ann Lee')).closest('section')!;
    expect(within(header).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(within(header).queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(header).toHaveTextContent('Member since January 2026');
  });

  it.each(['/profile/undefined', '/profile'])('sends %s to your own profile', async (path) => {
    serveProfiles();
    const { router } = renderApp(path, { signedIn: true });

    await findProfileHeading('Ann Lee');
    expect(router.state.location.pathname).toBe('/profile/7');
  });

  it("says 'Invalid user ID' for an id that is not a number, without asking the server", async () => {
    renderApp('/profile/abc', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user ID');
  });

  it("shows the not-found state with 'Go to Home' and a working 'Retry'", async () => {
    serveProfiles();
    const { user } = renderApp('/profile/99', { signedIn: true });

    expect(await findProfileHeading('User profile not found. Please check the user ID.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');

    serveProfiles({ ...bob, id: 99, name: 'Late Arrival' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findProfileHeading('Late Arrival')).toBeInTheDocument();
  });

  // A 5xx is retried twice (1 s, then 2 s later) before the page gives up: allow for that.
  it("shows 'Failed to load profile: …' with a Retry that loads it again", async () => {
    serveProfiles();
    server.use(http.get('/api/users/8', errorResponse(503, 'The database is unreachable.')));
    const { user } = renderApp('/profile/8', { signedIn: true });

    const alert = await screen.findByRole('alert', {}, { timeout: PAGE_LOAD_TIMEOUT_MS });
    expect(alert).toHaveTextContent('Failed to load profile: The database is unreachable.');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    serveProfiles(bob);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findProfileHeading('Bob Stone')).toBeInTheDocument();
  });

  it("falls back to the signed-in user's data when your own profile fails to load", async () => {
    serveProfiles();
    server.use(http.get('/api/users/7', errorResponse(400, 'Something odd')));
    renderApp('/profile/7', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile: Something odd');
    const header = (await findProfileHeading(ann.name)).closest('section')!;
    expect(within(header).getByRole('link', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('starts afresh when moving to another profile', async () => {
    serveProfiles(bob);
    const { router } = renderApp('/profile/8', { signedIn: true });
    await findProfileHeading('Bob Stone');

    await router.navigate('/profile/7');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ann Lee'));
  });
});
