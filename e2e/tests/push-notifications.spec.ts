import { expect, type Page, test } from '@playwright/test';
import { PUSH_MESSAGES } from '../../packages/contract/src/push-constants';
import { authHeaders, createAccount, signInAs } from './support/accounts';

// The app's real service worker registers; only the browser's push service is replaced below.
test.use({ serviceWorkers: 'allow' });

const section = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const devices = (page: Page) => section(page).getByRole('list', { name: 'Devices that receive push' });
const turnOn = (page: Page) => section(page).getByRole('button', { name: 'Turn on push on this device' });

/**
 * Chromium's push service is Google's, out of reach here: `PushManager.subscribe` answers a
 * subscription made in the page (a real P-256 key pair and auth secret, an https endpoint of its own)
 * after checking that it was given the server's key, as a browser does. Everything else is real.
 */
async function replaceBrowserPushService(page: Page) {
  await page.addInitScript(() => {
    const encode = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
    // Kept in sessionStorage, so that the subscription outlives a reload as a browser's does.
    const KEY = 'e2e-push-subscription';
    const subscriptionOf = (json: PushSubscriptionJSON) =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    const stored = () => sessionStorage.getItem(KEY);
    PushManager.prototype.getSubscription = async () => {
      const json = stored();
      return json ? subscriptionOf(JSON.parse(json)) : null;
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      if (typeof options?.applicationServerKey !== 'string' || options.applicationServerKey.length < 80)
        throw new DOMException('applicationServerKey is not valid', 'InvalidAccessError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ]);
      const json = {
        endpoint: `https://push.pathwise.test/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: {
          p256dh: encode(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: encode(crypto.getRandomValues(new Uint8Array(16)).buffer),
        },
      };
      sessionStorage.setItem(KEY, JSON.stringify(json));
      return subscriptionOf(json);
    };
  });
}

test('granted: push is turned on for this device, listed with the others and removed', async ({
  page,
  context,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Pusher');
  await context.grantPermissions(['notifications']);
  await replaceBrowserPushService(page);
  await signInAs(page, ann, '/settings');

  await expect(section(page).getByText(PUSH_MESSAGES.noDevices)).toBeVisible();
  await turnOn(page).click();
  await expect(section(page).getByText(PUSH_MESSAGES.enabled)).toBeVisible();
  await expect(devices(page).getByRole('listitem')).toHaveCount(1);
  await expect(devices(page)).toContainText(/Chrome on \w+ \(this device\)/);

  // What the server stored is what the settings show, after a reload too.
  const stored = await (
    await request.get('/api/notifications/push/subscriptions', { headers: authHeaders(ann) })
  ).json();
  expect(stored).toHaveLength(1);
  expect(stored[0].endpoint).toMatch(/^https:\/\/push\.pathwise\.test\//);
  await page.reload();
  await expect(devices(page).getByRole('listitem')).toHaveCount(1);
  await expect(section(page).getByText(PUSH_MESSAGES.enabled)).toBeVisible();

  await devices(page)
    .getByRole('button', { name: /^Remove Chrome on/ })
    .click();
  await expect(section(page).getByText(PUSH_MESSAGES.noDevices)).toBeVisible();
  // This browser is unsubscribed too: it can be turned on again.
  await expect(turnOn(page)).toBeVisible();
});

test('the push switches and quiet hours are saved from the settings', async ({ page, request }) => {
  const bob = await createAccount(request, 'Bob Quiet');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, bob, '/settings');
  const likesByPush = section(page).getByRole('switch', { name: 'Likes on your posts by push' });
  await expect(likesByPush).not.toBeChecked();
  await likesByPush.click();
  await expect(likesByPush).toBeChecked();

  const quiet = section(page).getByRole('group', { name: 'Quiet hours' });
  await quiet.getByRole('switch', { name: 'Quiet hours' }).click();
  await quiet.getByLabel('Time zone').selectOption('Europe/Paris');
  await expect(quiet.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect
    .poll(async () => {
      const res = await request.get('/api/notifications/preferences', { headers: authHeaders(bob) });
      const preferences = await res.json();
      return { like: preferences.types.LIKE.push, quietHours: preferences.quietHours };
    })
    .toEqual({ like: true, quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' } });
});

test('denied: the settings say notifications are blocked and offer nothing that cannot work', async ({
  page,
  request,
}) => {
  const cat = await createAccount(request, 'Cat Blocked');
  await replaceBrowserPushService(page);
  await signInAs(page, cat, '/settings');
  // Asked, and refused: the headless browser denies a permission nobody granted.
  await turnOn(page).click();
  await expect(section(page).getByText(PUSH_MESSAGES.denied)).toBeVisible();
  await expect(turnOn(page)).toHaveCount(0);
  await expect(section(page).getByText(PUSH_MESSAGES.noDevices)).toBeVisible();

  // On the next visit the browser still refuses: the settings say so at once.
  await page.reload();
  await expect(section(page).getByText(PUSH_MESSAGES.denied)).toBeVisible();
  await expect(turnOn(page)).toHaveCount(0);
});
