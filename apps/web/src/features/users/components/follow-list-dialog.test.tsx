import type { RemoteFollower } from '@pathwise/contract';
import { screen, waitFor, within } from '@testing-library/react';
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

  it('shows followers elsewhere under the followers, each handle linking to their profile there', async () => {
    server.use(
      http.get('/api/users/8/followers', () => HttpResponse.json(pageOf([listItem(100, 'Fan')], 0, true))),
      http.get('/api/users/8/followers/remote', () =>
        HttpResponse.json(
          pageOf([
            {
              id: 3,
              handle: '@mallory@social.example',
              name: 'Mallory',
              profilePicture: 'https://social.example/mallory.png',
              url: 'https://social.example/@mallory',
              since: '2025-01-01T00:00:00.000Z',
            },
          ]),
        ),
      ),
    );
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const elsewhere = await within(dialog).findByRole('region', { name: 'Followers elsewhere' });
    const link = within(elsewhere).getByRole('link', { name: /@mallory@social\.example/ });
    expect(link).toHaveAttribute('href', 'https://social.example/@mallory');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    expect(link).toHaveTextContent('Mallory');
    expect(link).toHaveTextContent('(opens in a new tab)');
    const picture = link.querySelector('img');
    expect(picture).toHaveAttribute('src', 'https://social.example/mallory.png');
    expect(picture).toHaveAttribute('referrerpolicy', 'no-referrer');
    // The people here stay as they were, above.
    expect(within(dialog).getByRole('link', { name: /Fan/ })).toHaveAttribute('href', '/profile/100');
  });

  it('shows no followers elsewhere when nobody elsewhere follows, nor in Following', async () => {
    let asked = 0;
    server.use(
      http.get('/api/users/8/followers', () => HttpResponse.json(pageOf([listItem(100, 'Fan')], 0, true))),
      http.get('/api/users/8/following', () => HttpResponse.json(pageOf([listItem(101, 'Idol')], 0, true))),
      http.get('/api/users/8/followers/remote', () => {
        asked++;
        return HttpResponse.json(pageOf([]));
      }),
    );
    const { user } = await openBobsProfile();

    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    await within(dialog).findByRole('link', { name: /Fan/ });
    await waitFor(() => expect(asked).toBe(1));
    expect(within(dialog).queryByText('Followers elsewhere')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: '2 Following' }));
    const following = await screen.findByRole('dialog', { name: 'Following' });
    await within(following).findByRole('link', { name: /Idol/ });
    expect(asked).toBe(1);
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

describe("removing followers elsewhere from one's own list", () => {
  const elsewhere = (id: number, name: string): RemoteFollower => ({
    id,
    handle: `@${name}@social.example`,
    name: null,
    profilePicture: null,
    url: `https://social.example/@${name}`,
    since: '2025-01-01T00:00:00.000Z',
  });

  /** Ann's own followers: nobody here, `remote` elsewhere; the removals the server was asked for. */
  async function openOwnFollowers(remote: RemoteFollower[]) {
    let left = remote;
    const removals: string[] = [];
    server.use(
      http.get('/api/users/7/followers', () => HttpResponse.json(pageOf([]))),
      http.get('/api/users/7/followers/remote', () => HttpResponse.json(pageOf(left))),
      http.delete('/api/users/me/followers/remote/:id', ({ params }) => {
        removals.push(String(params.id));
        left = left.filter((follower) => String(follower.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    serveProfiles();
    const rendered = renderApp('/profile/7', { signedIn: true });
    await findProfileHeading('Ann Lee');
    await rendered.user.click(screen.getByRole('button', { name: '0 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    return { ...rendered, dialog, removals };
  }

  it('asks first, removes from the keyboard, says so and moves focus to the list', async () => {
    const { user, dialog, removals } = await openOwnFollowers([
      elsewhere(3, 'mallory'),
      elsewhere(4, 'trent'),
    ]);
    const remove = await within(dialog).findByRole('button', {
      name: 'Remove @mallory@social.example from your followers',
    });

    // Cancel (where the question starts) sends nothing and gives focus back.
    remove.focus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('alertdialog', { name: 'Remove this follower?' });
    expect(question).toHaveAccessibleDescription(
      '@mallory@social.example will stop following you, and their server is told. They can follow you again.',
    );
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(remove).toHaveFocus());
    expect(removals).toEqual([]);

    await user.keyboard('{Enter}');
    const asked = await screen.findByRole('alertdialog');
    await user.click(within(asked).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('@mallory@social.example no longer follows you.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(removals).toEqual(['3']);
    expect(within(dialog).getByRole('heading', { name: 'Followers elsewhere' })).toHaveFocus();
    expect(within(dialog).queryByRole('link', { name: /@mallory/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /@trent@social\.example/ })).toBeInTheDocument();
  });

  it('keeps the section and its status once the last one is removed', async () => {
    const { user, dialog } = await openOwnFollowers([elsewhere(3, 'mallory')]);
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Remove @mallory@social.example from your followers',
      }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('@mallory@social.example no longer follows you.')).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: /@mallory/ })).not.toBeInTheDocument();
  });

  it('says in plain words why a removal failed, and keeps the follower', async () => {
    const { user, dialog } = await openOwnFollowers([elsewhere(3, 'mallory')]);
    server.use(
      http.delete(
        '/api/users/me/followers/remote/:id',
        errorResponse(404, 'Follower not found: this person does not follow you from another server.'),
      ),
    );
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Remove @mallory@social.example from your followers',
      }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '@mallory@social.example could not be removed. ' +
        'Follower not found: this person does not follow you from another server.',
    );
    expect(within(dialog).getByRole('link', { name: /@mallory/ })).toBeInTheDocument();
  });

  it("offers no Remove on someone else's followers elsewhere", async () => {
    server.use(
      http.get('/api/users/8/followers', () => HttpResponse.json(pageOf([]))),
      http.get('/api/users/8/followers/remote', () => HttpResponse.json(pageOf([elsewhere(3, 'mallory')]))),
    );
    const { user } = await openBobsProfile();
    await user.click(screen.getByRole('button', { name: '4 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    await within(dialog).findByRole('link', { name: /@mallory/ });
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
