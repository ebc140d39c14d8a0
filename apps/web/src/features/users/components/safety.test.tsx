import type { RestrictedUser } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';
import { bob, findProfileHeading, loadProfileRoute, serveProfiles } from '../../../test/profiles';
import { renderApp } from '../../../test/render-app';

beforeAll(loadProfileRoute);

const sectionNamed = async (name: string) => within(await screen.findByRole('region', { name }));

const blockedBob: RestrictedUser = {
  id: bob.id,
  name: bob.name,
  handle: bob.handle,
  profilePicture: null,
  since: '2026-01-06T10:00:00.000Z',
};

describe("a profile's ⋯ menu", () => {
  it('blocks after an in-app confirmation, then offers Unblock and no Follow', async () => {
    serveProfiles(bob);
    const sent: string[] = [];
    server.use(
      http.put('/api/users/8/block', () => {
        sent.push('PUT block');
        return HttpResponse.json({ isBlocked: true });
      }),
    );
    const { user } = renderApp('/profile/8', { signedIn: true });
    await findProfileHeading('Bob Stone');

    await user.click(screen.getByRole('button', { name: 'More actions for Bob Stone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Bob Stone?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // The profile is asked for again after the change: the server now says Bob is blocked.
    serveProfiles({ ...bob, isBlocked: true });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText(/You blocked Bob Stone/)).toBeInTheDocument();
    expect(sent).toEqual(['PUT block']);
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Bob Stone' }));
    expect(await screen.findByRole('menuitem', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('sends nothing when the mute is cancelled', async () => {
    serveProfiles(bob);
    const { user } = renderApp('/profile/8', { signedIn: true });
    await findProfileHeading('Bob Stone');
    await user.click(screen.getByRole('button', { name: 'More actions for Bob Stone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mute Bob Stone?' });
    // Any request would be unhandled by the mock server and fail the test.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('settings: privacy, blocked and muted people', () => {
  it('saves "Show my e-mail address to others", "Show my profile to visitors" and "Show my learning calendar on my profile", each on its own', async () => {
    const sent: unknown[] = [];
    let saved = { showEmail: false, showProfileToVisitors: false, showLearningCalendar: false };
    server.use(
      http.put('/api/users/me/privacy', async ({ request }) => {
        const body = (await request.json()) as Partial<typeof saved>;
        sent.push(body);
        saved = { ...saved, ...body };
        return HttpResponse.json(saved);
      }),
    );
    const { user } = renderApp('/settings', { signedIn: true });
    const privacy = await sectionNamed('Privacy');
    const email = await privacy.findByRole('checkbox', { name: 'Show my e-mail address to others' });
    const profile = privacy.getByRole('checkbox', { name: 'Show my profile to visitors' });
    const calendar = privacy.getByRole('checkbox', { name: 'Show my learning calendar on my profile' });
    // All off until the person turns them on.
    expect(email).not.toBeChecked();
    expect(profile).not.toBeChecked();
    expect(calendar).not.toBeChecked();
    expect(profile).toHaveAccessibleDescription(/never your e-mail address/);
    expect(calendar).toHaveAccessibleDescription(/You always see your own/);
    await user.click(email);
    await user.click(profile);
    await user.click(calendar);
    expect(sent).toEqual([
      { showEmail: true },
      { showProfileToVisitors: true },
      { showLearningCalendar: true },
    ]);
    expect(email).toBeChecked();
    expect(profile).toBeChecked();
    expect(calendar).toBeChecked();
  });

  it('lists blocked people and unblocks one', async () => {
    let blocked = [blockedBob];
    server.use(
      http.get('/api/users/me/blocks', () => HttpResponse.json(pageOf(blocked))),
      http.delete('/api/users/8/block', () => {
        blocked = [];
        return HttpResponse.json({ isBlocked: false });
      }),
    );
    const { user } = renderApp('/settings', { signedIn: true });
    const list = await sectionNamed('Blocked people');
    expect(await list.findByRole('link', { name: /Bob Stone/ })).toHaveAttribute('href', '/profile/8');
    await user.click(list.getByRole('button', { name: 'Unblock Bob Stone' }));
    expect(await list.findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect((await sectionNamed('Muted people')).getByText('You have not muted anyone.')).toBeInTheDocument();
  });

  it('says so when a list or the privacy setting cannot be loaded, and retries', async () => {
    server.use(
      http.get('/api/users/me/privacy', errorResponse(500, 'Boom')),
      http.get('/api/users/me/mutes', errorResponse(500, 'Boom')),
    );
    renderApp('/settings', { signedIn: true });
    const privacy = await sectionNamed('Privacy');
    expect(await privacy.findByText('Failed to load your privacy settings.')).toBeInTheDocument();
    const muted = await sectionNamed('Muted people');
    expect(await muted.findByText('Failed to load the muted people.')).toBeInTheDocument();
    expect(muted.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
