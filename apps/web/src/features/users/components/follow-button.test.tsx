import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { bob, findProfileHeading, loadProfileRoute, serveProfiles } from '../../../test/profiles';
import { renderApp } from '../../../test/render-app';

async function openBobsProfile(overrides: Partial<typeof bob> = {}) {
  serveProfiles({ ...bob, ...overrides });
  const rendered = renderApp('/profile/8', { signedIn: true });
  const header = (await findProfileHeading('Bob Stone')).closest('section')!;
  return { ...rendered, header };
}

function serveFollowStatus(isFollowing: boolean) {
  const checks = vi.fn();
  server.use(
    http.get('/api/users/8/follow/status', () => {
      checks();
      return HttpResponse.json({ isFollowing });
    }),
  );
  return checks;
}

beforeAll(loadProfileRoute);

describe('Follow button', () => {
  it('flips at once and counts one more follower, then checks the status with the server, keeping focus', async () => {
    const follow = heldResponse();
    server.use(http.post('/api/users/8/follow', follow.resolver));
    const statusChecks = serveFollowStatus(true);
    const { user, header } = await openBobsProfile();

    await user.click(within(header).getByRole('button', { name: 'Follow' }));
    await follow.arrived;
    const busy = within(header).getByRole('button', { name: 'Unfollow' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    expect(within(header).getByRole('button', { name: '5 Followers' })).toBeInTheDocument();

    follow.release(HttpResponse.json({ isFollowing: true, followersCount: 5 }));
    await vi.waitFor(() =>
      expect(within(header).getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-busy'),
    );
    expect(within(header).getByRole('button', { name: 'Unfollow' })).toHaveFocus();
    expect(statusChecks).toHaveBeenCalledTimes(1);
    expect(within(header).getByRole('button', { name: '5 Followers' })).toBeInTheDocument();
  });

  it('unfollows the same way, never counting below 0', async () => {
    server.use(
      http.delete('/api/users/8/follow', () => HttpResponse.json({ isFollowing: false, followersCount: 0 })),
    );
    serveFollowStatus(false);
    const { user, header } = await openBobsProfile({ isCurrentUserFollowing: true, followersCount: 0 });

    await user.click(within(header).getByRole('button', { name: 'Unfollow' }));

    expect(await within(header).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: '0 Followers' })).toBeInTheDocument();
  });

  it("shows 'Failed to follow/unfollow user: …' and puts back what the server says", async () => {
    server.use(http.post('/api/users/8/follow', errorResponse(500, 'Something went wrong on our side.')));
    serveFollowStatus(false);
    const { user, header } = await openBobsProfile();

    await user.click(within(header).getByRole('button', { name: 'Follow' }));

    expect(await within(header).findByRole('alert')).toHaveTextContent(
      'Failed to follow/unfollow user: Something went wrong on our side.',
    );
    await vi.waitFor(() =>
      expect(within(header).getByRole('button', { name: 'Follow' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(within(header).getByRole('button', { name: '4 Followers' })).toBeInTheDocument();
  });

  it("changes the signed-in user's own following count too", async () => {
    server.use(
      http.post('/api/users/8/follow', () => HttpResponse.json({ isFollowing: true, followersCount: 5 })),
    );
    serveFollowStatus(true);
    const { user, header, router } = await openBobsProfile();
    await user.click(within(header).getByRole('button', { name: 'Follow' }));
    await within(header).findByRole('button', { name: 'Unfollow' });

    // Your own profile failing to load shows the signed-in user's data, where the change is visible.
    server.use(http.get('/api/users/7', errorResponse(400, 'Unavailable')));
    await router.navigate('/profile/7');
    const own = (await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).closest('section')!;
    expect(within(own).getByRole('button', { name: '1 Following' })).toBeInTheDocument();
  });
});
