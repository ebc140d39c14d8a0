import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { bob, findProfileHeading, listItem, loadProfileRoute, serveProfiles } from '../../../test/profiles';
import { renderApp } from '../../../test/render-app';

const firstPage = Array.from({ length: 10 }, (_, n) => listItem(100 + n, `Fan${n}`));

async function openBobsProfile() {
  serveProfiles(bob);
  const rendered = renderApp('/profile/8', { signedIn: true });
  await findProfileHeading('Bob Stone');
  return rendered;
}

beforeAll(loadProfileRoute);

describe('followers and following dialog', () => {
  it('lists followers with picture, name and @handle linking to their profiles, loading more on demand', async () => {
    const requestedPages: string[] = [];
    server.use(
      http.get('/api/users/8/followers', ({ request }) => {
        const url = new URL(request.url);
        requestedPages.push(`${url.searchParams.get('page')}/${url.searchParams.get('size')}`);
        return url.searchParams.get('page') === '0'
          ? HttpResponse.json(pageOf(firstPage, 0, false))
          : HttpResponse.json(pageOf([listItem(200, 'Latecomer')], 1, true));
      }),
    );
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const first = await within(dialog).findByRole('link', { name: /Fan0/ });
    expect(first).toHaveAttribute('href', '/profile/100');
    // Name and @handle, never the address, even of someone who chose to show it on their profile.
    expect(first).toHaveTextContent('@fan0');
    expect(first).not.toHaveTextContent('fan0@example.com');
    expect(within(dialog).getAllByRole('link')).toHaveLength(10);

    await user.click(within(dialog).getByRole('button', { name: 'Load More' }));
    expect(await within(dialog).findByRole('link', { name: /Latecomer/ })).toHaveAttribute(
      'href',
      '/profile/200',
    );
    expect(within(dialog).getAllByRole('link')).toHaveLength(11);
    expect(within(dialog).queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(requestedPages).toEqual(['0/10', '1/10']);
  });

  it('starts again from the first page each time it opens, and closes when following a link', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users/8/followers', () => {
        calls++;
        return HttpResponse.json(pageOf([listItem(100, 'Fan')], 0, true));
      }),
    );
    const { user, router } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    await user.click(await screen.findByRole('link', { name: /Fan/ }));

    expect(router.state.location.pathname).toBe('/profile/100');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("says 'No following found' when the list is empty", async () => {
    server.use(http.get('/api/users/8/following', () => HttpResponse.json(pageOf([], 0, true))));
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '2 Following' }));

    const dialog = await screen.findByRole('dialog', { name: 'Following' });
    expect(await within(dialog).findByText('No following found')).toBeInTheDocument();
  });

  it("says 'No followers found' when nobody follows", async () => {
    server.use(http.get('/api/users/8/followers', () => HttpResponse.json(pageOf([], 0, true))));
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '4 Followers' }));

    expect(await screen.findByText('No followers found')).toBeInTheDocument();
  });

  it('shows the failure message with a Retry that loads the list again', async () => {
    server.use(
      http.get(
        '/api/users/8/followers',
        errorResponse(404, 'User profile not found. Please check the user ID.'),
      ),
    );
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load followers. Please try again later.');

    server.use(
      http.get('/api/users/8/followers', () => HttpResponse.json(pageOf([listItem(100, 'Fan')], 0, true))),
    );
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('link', { name: /Fan/ })).toBeInTheDocument();
  });

  it('keeps the loaded users when a further page fails, and retries that page', async () => {
    let failNext = true;
    server.use(
      http.get('/api/users/8/following', ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '0')
          return HttpResponse.json(pageOf(firstPage, 0, false));
        if (failNext) {
          failNext = false;
          return errorResponse(400, 'page is too large')();
        }
        return HttpResponse.json(pageOf([listItem(200, 'Latecomer')], 1, true));
      }),
    );
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '2 Following' }));
    const dialog = await screen.findByRole('dialog', { name: 'Following' });
    await user.click(await within(dialog).findByRole('button', { name: 'Load More' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load following. Please try again later.');
    expect(within(dialog).getAllByRole('link')).toHaveLength(10);

    // The button under the list tries that page again.
    await user.click(within(dialog).getByRole('button', { name: 'Load More' }));
    expect(await within(dialog).findByRole('link', { name: /Latecomer/ })).toBeInTheDocument();
  });
});
