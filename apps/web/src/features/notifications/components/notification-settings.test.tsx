import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIGEST_MESSAGES,
  NOTIFICATION_PREFERENCE_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  PUSH_MESSAGES,
} from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { serveNotificationGroups } from '../test/notifications';

const URL = '/api/notifications/preferences';
const section = async () => within(await screen.findByRole('region', { name: 'Notifications' }));
const likes = `${NOTIFICATION_TYPE_LABELS.LIKE} in the app`;

/** Answers every PUT as the server would, merging it into `stored`; `sent` has each body. */
function serveChanges(stored: NotificationPreferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES)) {
  const sent: unknown[] = [];
  server.use(
    http.put(URL, async ({ request }) => {
      const change = (await request.json()) as {
        types?: Record<string, Record<string, boolean>>;
        fromPeopleYouDontFollow?: NotificationPreferences['fromPeopleYouDontFollow'];
        digest?: NotificationPreferences['digest'];
      };
      sent.push(change);
      for (const [type, switches] of Object.entries(change.types ?? {}))
        Object.assign(stored.types[type as keyof NotificationPreferences['types']], switches);
      if (change.fromPeopleYouDontFollow) stored.fromPeopleYouDontFollow = change.fromPeopleYouDontFollow;
      if (change.digest) stored.digest = change.digest;
      return HttpResponse.json(stored);
    }),
  );
  return sent;
}

describe('settings: notifications', () => {
  it('shows a loading state, then every type by channel, the strangers rule and the digest', async () => {
    const held = heldResponse();
    server.use(http.get(URL, held.resolver));
    renderApp('/settings', { signedIn: true });
    await held.arrived;
    expect(await (await section()).findByText('Loading your notification settings...')).toBeInTheDocument();
    held.release(HttpResponse.json(DEFAULT_NOTIFICATION_PREFERENCES));

    const notifications = await section();
    for (const type of NOTIFICATION_TYPES) {
      expect(
        await notifications.findByRole('switch', { name: `${NOTIFICATION_TYPE_LABELS[type]} in the app` }),
      ).toBeChecked();
      expect(
        notifications.getByRole('switch', { name: `${NOTIFICATION_TYPE_LABELS[type]} by e-mail` }),
      ).toBeChecked();
    }
    for (const type of NOTIFICATION_TYPES) {
      const push = notifications.getByRole('switch', { name: `${NOTIFICATION_TYPE_LABELS[type]} by push` });
      if (DEFAULT_NOTIFICATION_PREFERENCES.types[type].push) expect(push).toBeChecked();
      else expect(push).not.toBeChecked();
    }
    const strangers = notifications.getByRole('group', { name: "From people you don't follow" });
    expect(within(strangers).getByRole('radio', { name: 'Allow' })).toBeChecked();
    const digest = notifications.getByRole('group', { name: DIGEST_MESSAGES.settingsLegend });
    expect(digest).toHaveAccessibleDescription(DIGEST_MESSAGES.settingsHint);
    expect(within(digest).getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(within(digest).getByRole('radio', { name: 'Daily' })).not.toBeChecked();
    expect(within(digest).getByRole('radio', { name: 'Off' })).not.toBeChecked();
    // jsdom has no service worker: the browser cannot receive push, and no device does yet.
    expect(await notifications.findByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
    expect(notifications.getByText(PUSH_MESSAGES.noDevices)).toBeInTheDocument();
  });

  it('turns quiet hours on in the browser time zone, changes them and turns them off', async () => {
    const sent: unknown[] = [];
    let stored: NotificationPreferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    server.use(
      http.put(URL, async ({ request }) => {
        const change = (await request.json()) as Partial<NotificationPreferences>;
        sent.push(change);
        stored = { ...stored, ...change };
        return HttpResponse.json(stored);
      }),
    );
    const { user } = renderApp('/settings', { signedIn: true });
    const notifications = await section();
    const quiet = within(await notifications.findByRole('group', { name: 'Quiet hours' }));
    await user.click(await quiet.findByRole('switch', { name: 'Quiet hours' }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await quiet.findByLabelText('From')).toHaveValue('22:00');
    expect(quiet.getByLabelText('To')).toHaveValue('07:00');
    expect(quiet.getByLabelText('Time zone')).toHaveValue(zone);

    await user.selectOptions(quiet.getByLabelText('Time zone'), 'Asia/Tokyo');
    await vi.waitFor(() => expect(quiet.getByLabelText('Time zone')).toHaveValue('Asia/Tokyo'));
    await user.click(quiet.getByRole('switch', { name: 'Quiet hours' }));
    await vi.waitFor(() => expect(quiet.queryByLabelText('From')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { quietHours: { start: '22:00', end: '07:00', timeZone: zone } },
      { quietHours: { start: '22:00', end: '07:00', timeZone: 'Asia/Tokyo' } },
      { quietHours: null },
    ]);
  });

  it('saves each change at once and confirms it', async () => {
    const sent = serveChanges();
    const { user } = renderApp('/settings', { signedIn: true });
    const notifications = await section();

    await user.click(await notifications.findByRole('switch', { name: likes }));
    expect(await notifications.findByText(`${NOTIFICATION_PREFERENCE_MESSAGES.saved}.`)).toBeInTheDocument();
    expect(notifications.getByRole('switch', { name: likes })).not.toBeChecked();

    await user.click(notifications.getByRole('radio', { name: 'Mute' }));
    expect(await notifications.findByRole('radio', { name: 'Mute' })).toBeChecked();
    expect(sent).toEqual([{ types: { LIKE: { inApp: false } } }, { fromPeopleYouDontFollow: 'MUTE' }]);
  });

  it('saves the e-mail switches and how often the digest comes', async () => {
    const sent = serveChanges();
    const { user } = renderApp('/settings', { signedIn: true });
    const notifications = await section();
    const mailedLikes = `${NOTIFICATION_TYPE_LABELS.LIKE} by e-mail`;

    await user.click(await notifications.findByRole('switch', { name: mailedLikes }));
    expect(await notifications.findByText(`${NOTIFICATION_PREFERENCE_MESSAGES.saved}.`)).toBeInTheDocument();
    expect(notifications.getByRole('switch', { name: mailedLikes })).not.toBeChecked();
    expect(notifications.getByRole('switch', { name: likes })).toBeChecked();

    await user.click(notifications.getByRole('radio', { name: 'Daily' }));
    expect(await notifications.findByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(notifications.getByRole('radio', { name: 'Off' }));
    expect(await notifications.findByRole('radio', { name: 'Off' })).toBeChecked();
    expect(sent).toEqual([{ types: { LIKE: { email: false } } }, { digest: 'DAILY' }, { digest: 'OFF' }]);
  });

  it('works from the keyboard', async () => {
    const sent = serveChanges();
    const { user } = renderApp('/settings', { signedIn: true });
    const notifications = await section();
    const likesSwitch = await notifications.findByRole('switch', { name: likes });
    likesSwitch.focus();
    await user.keyboard(' ');
    expect(await notifications.findByText(`${NOTIFICATION_PREFERENCE_MESSAGES.saved}.`)).toBeInTheDocument();
    expect(sent).toEqual([{ types: { LIKE: { inApp: false } } }]);
  });

  it('says when a change could not be saved, and shows what is stored', async () => {
    server.use(http.put(URL, errorResponse(400, 'Something was refused')));
    const { user } = renderApp('/settings', { signedIn: true });
    const notifications = await section();

    await user.click(await notifications.findByRole('switch', { name: likes }));
    const alert = await notifications.findByRole('alert');
    expect(alert).toHaveTextContent(NOTIFICATION_PREFERENCE_MESSAGES.saveFailed);
    expect(alert).toHaveTextContent('Something was refused');
    // Read again from the server, which still has likes on.
    await expect.poll(() => notifications.getByRole('switch', { name: likes })).toBeChecked();
  });

  it('offers to try again when the preferences cannot be loaded', async () => {
    server.use(http.get(URL, errorResponse(500, 'Down')));
    const { user } = renderApp('/settings', { signedIn: true });
    const notifications = await section();
    expect(await notifications.findByText(NOTIFICATION_PREFERENCE_MESSAGES.loadFailed)).toBeInTheDocument();

    server.use(http.get(URL, () => HttpResponse.json(DEFAULT_NOTIFICATION_PREFERENCES)));
    await user.click(notifications.getByRole('button', { name: 'Retry' }));
    expect(await notifications.findByRole('switch', { name: likes })).toBeChecked();
  });
});

describe('the notifications page', () => {
  it('links to the notification settings', async () => {
    serveNotificationGroups([]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user, router } = renderApp('/notifications', { signedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Choose which notifications you get' }));
    await router.arrivesAt('/settings');
    expect(router.state.location.hash).toBe('#settings-notifications');
    // Once the section has its switches, the page is taken to its heading.
    await (await section()).findByRole('switch', { name: likes });
    await vi.waitFor(() =>
      expect(scrolled.mock.contexts).toContain(screen.getByRole('heading', { name: 'Notifications' })),
    );
  });
});
