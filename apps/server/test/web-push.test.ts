import {
  NOTIFICATION_PREFERENCE_MESSAGES,
  PUSH_LIMITS,
  PUSH_MESSAGES,
  PUSH_TITLE,
  type PushDevice,
  type PushPayload,
} from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { createPost } from './helpers/posts.js';
import { type LocalPushService, startPushService, type TestSubscription } from './helpers/push-service.js';
import { addComment, callAs, toggleLike } from './helpers/social.js';

let t: TestApp;
let push: LocalPushService;
beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ config: { webPush: { ...testConfig.webPush, allowHttp: true } } });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const waitFor = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 30_000, interval: 100 });
vi.setConfig({ testTimeout: 90_000 });

const SUBSCRIPTIONS = '/api/notifications/push/subscriptions';
const json = { 'content-type': 'application/json' };

const subscribe = (app: Pick<TestApp, 'app'>, account: TestAccount, body: object) =>
  callAs(app, account, { method: 'POST', url: SUBSCRIPTIONS, payload: JSON.stringify(body), headers: json });
const devicesOf = async (account: TestAccount): Promise<PushDevice[]> =>
  (await callAs(t, account, { url: SUBSCRIPTIONS })).json();
const changePreferences = (account: TestAccount, change: object) =>
  callAs(t, account, {
    method: 'PUT',
    url: '/api/notifications/preferences',
    payload: JSON.stringify(change),
    headers: json,
  });

/** A browser of `account` subscribed to push on the local push service. */
async function subscribedBrowser(account: TestAccount, device = 'Chromium on Linux') {
  const browser = push.subscription();
  const res = await subscribe(t, account, {
    endpoint: browser.endpoint,
    expirationTime: null,
    keys: browser.keys,
    device,
  });
  expect(res.statusCode).toBe(201);
  return browser;
}

/** The pushes `browser` received, decrypted with its own keys. */
const payloadsOf = (browser: TestSubscription): PushPayload[] =>
  push.to(browser).map((message) => JSON.parse(browser.decrypt(message.body)));

/** Comments on a new post of `author` as `commenter` (a COMMENT notification: pushed by default). */
async function commentOnPostOf(author: TestAccount, commenter: TestAccount) {
  const post = await createPost(t, author.token);
  await addComment(t, commenter, post.id, 'Nice one');
  return post;
}

async function notificationsOf(account: TestAccount) {
  return (await callAs(t, account, { url: '/api/notifications' })).json().content as {
    message: string;
    entityId: number;
  }[];
}

describe('the VAPID public key', () => {
  it('is given to signed-in people, for their browser to subscribe with; visitors get 401', async () => {
    const ann = await signUp(t);
    const res = await callAs(t, ann, { url: '/api/notifications/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: testConfig.webPush.publicKey });
    expect((await callAs(t, null, { url: '/api/notifications/push/public-key' })).statusCode).toBe(401);
  });
});

describe('push devices', () => {
  it('are added, listed to their owner only and removed by them', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const browser = push.subscription();
    const res = await subscribe(t, ann, {
      endpoint: browser.endpoint,
      keys: browser.keys,
      device: 'Firefox',
    });
    expect(res.statusCode).toBe(201);
    const device: PushDevice = res.json();
    expect(device).toMatchObject({ device: 'Firefox', endpoint: browser.endpoint });

    expect(await devicesOf(ann)).toEqual([device]);
    expect(await devicesOf(bob)).toEqual([]);
    const url = `${SUBSCRIPTIONS}/${device.id}`;
    const bobRemoves = await callAs(t, bob, { method: 'DELETE', url });
    expect(bobRemoves.statusCode).toBe(404);
    expect(bobRemoves.json().message).toBe(PUSH_MESSAGES.notFound);
    expect(await devicesOf(ann)).toHaveLength(1);

    expect((await callAs(t, ann, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(await devicesOf(ann)).toEqual([]);
  });

  it('the same browser subscribing again replaces its row, also when someone else signed in on it', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const browser = push.subscription();
    await subscribe(t, ann, { endpoint: browser.endpoint, keys: browser.keys });
    await subscribe(t, ann, { endpoint: browser.endpoint, keys: browser.keys, device: 'Renamed' });
    expect((await devicesOf(ann)).map((d) => d.device)).toEqual(['Renamed']);

    await subscribe(t, bob, { endpoint: browser.endpoint, keys: browser.keys });
    expect(await devicesOf(ann)).toEqual([]);
    expect(await devicesOf(bob)).toHaveLength(1);
  });

  it('are listed in one statement however many there are', async () => {
    const ann = await signUp(t);
    await subscribedBrowser(ann);
    const one = await t.queries.count(() => devicesOf(ann));
    for (let i = 0; i < 4; i++) await subscribedBrowser(ann);
    const five = await t.queries.count(() => devicesOf(ann));
    expect(five.result).toHaveLength(5);
    expect(five.statements).toBe(one.statements);
  });

  it('refuses bad subscriptions with a message saying what is wrong', async () => {
    const ann = await signUp(t);
    const browser = push.subscription();
    const refused = async (body: object, message: string) => {
      const res = await subscribe(t, ann, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refused({ endpoint: 'not a url', keys: browser.keys }, PUSH_MESSAGES.endpoint);
    await refused({ endpoint: 'ftp://push.example/x', keys: browser.keys }, PUSH_MESSAGES.endpoint);
    await refused(
      { endpoint: browser.endpoint, keys: { p256dh: 'abc', auth: browser.keys.auth } },
      PUSH_MESSAGES.keys,
    );
    await refused({ endpoint: browser.endpoint, keys: { p256dh: browser.keys.p256dh } }, PUSH_MESSAGES.keys);
    await refused({ endpoint: browser.endpoint }, PUSH_MESSAGES.keys);
    await refused(
      { endpoint: browser.endpoint, keys: browser.keys, device: 'x'.repeat(101) },
      PUSH_MESSAGES.device,
    );
    expect(await devicesOf(ann)).toEqual([]);
  });

  it(`refuses a device beyond ${PUSH_LIMITS.devices} with 409`, async () => {
    const ann = await signUp(t);
    for (let i = 0; i < PUSH_LIMITS.devices; i++) await subscribedBrowser(ann);
    const browser = push.subscription();
    const res = await subscribe(t, ann, { endpoint: browser.endpoint, keys: browser.keys });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PUSH_MESSAGES.tooManyDevices);
  });

  it('refuses a plain-http push service unless WEB_PUSH_ALLOW_HTTP is on', async () => {
    const strict = await createTestApp();
    try {
      const ann = await signUp(strict);
      const browser = push.subscription();
      const res = await subscribe(strict, ann, { endpoint: browser.endpoint, keys: browser.keys });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PUSH_MESSAGES.insecureEndpoint);
      const secure = await subscribe(strict, ann, {
        endpoint: browser.endpoint.replace('http://', 'https://'),
        keys: browser.keys,
      });
      expect(secure.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('sending a push', () => {
  it("encrypts the notification for the device, signs it with the server's VAPID key and links its page", async () => {
    const bob = await signUp(t);
    const ann = await signUp(t, { name: 'Ann Lee' });
    const phone = await subscribedBrowser(bob);
    const laptop = await subscribedBrowser(bob);
    const post = await commentOnPostOf(bob, ann);

    for (const browser of [phone, laptop]) {
      await waitFor(() => expect(push.to(browser)).toHaveLength(1));
      const [payload] = payloadsOf(browser);
      expect(payload).toEqual({
        title: PUSH_TITLE,
        body: 'Ann Lee commented on your post',
        url: `/post/${post.id}`,
        tag: expect.stringMatching(/^notification-\d+$/),
      });
    }

    const [message] = push.to(phone);
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    // RFC 8292: `vapid t=<JWT for the push service's origin>, k=<our public key>`.
    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(message!.headers.authorization));
    expect(vapid?.[2]).toBe(testConfig.webPush.publicKey);
    const point = Buffer.from(testConfig.webPush.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(vapid![1]!, key, { audience: push.origin });
    expect(claims.sub).toBe(testConfig.webPush.subject);
  });

  it('sends nothing for a type whose push is off; the notification is still in the app', async () => {
    const bob = await signUp(t);
    const ann = await signUp(t, { name: 'Ann Lee' });
    const browser = await subscribedBrowser(bob);
    expect((await changePreferences(bob, { types: { COMMENT: { push: false } } })).statusCode).toBe(200);

    const quietPost = await commentOnPostOf(bob, ann);
    // Likes are not pushed by default.
    expect((await toggleLike(t, ann, quietPost.id)).statusCode).toBe(200);
    // A mention is pushed: once it came, the jobs of the comment and the like have run before it.
    const mentioning = await createPost(t, ann.token, {
      title: 'Hello',
      content: `Thanks @${bob.user.handle}`,
    });
    await waitFor(() => expect(push.to(browser)).toHaveLength(1));
    expect(payloadsOf(browser).map((p) => p.url)).toEqual([`/post/${mentioning.id}`]);
    expect((await notificationsOf(bob)).map((n) => n.entityId)).toContain(quietPost.id);
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const bob = await signUp(t);
    const ann = await signUp(t);
    const gone = await subscribedBrowser(bob, 'Old phone');
    const kept = await subscribedBrowser(bob, 'Laptop');
    push.answer(gone, 410);
    await commentOnPostOf(bob, ann);

    await waitFor(async () => expect((await devicesOf(bob)).map((d) => d.device)).toEqual(['Laptop']));
    expect(push.to(gone)).toHaveLength(1);
    await waitFor(() => expect(push.to(kept)).toHaveLength(1));
  });

  it('holds the push during quiet hours, in the time zone chosen; the notification is in the app at once', async () => {
    const bob = await signUp(t);
    const carol = await signUp(t);
    const ann = await signUp(t, { name: 'Ann Lee' });
    const bobsPhone = await subscribedBrowser(bob);
    const carolsPhone = await subscribedBrowser(carol);
    // From an hour ago to an hour from now, on Tokyo's clock.
    const tokyo = (offsetMs: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Tokyo',
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(Date.now() + offsetMs));
    const quietHours = { start: tokyo(-3_600_000), end: tokyo(3_600_000), timeZone: 'Asia/Tokyo' };
    const saved = await changePreferences(bob, { quietHours });
    expect(saved.json().quietHours).toEqual(quietHours);

    const post = await commentOnPostOf(bob, ann);
    expect((await notificationsOf(bob)).map((n) => n.entityId)).toEqual([post.id]);
    await commentOnPostOf(carol, ann);
    await waitFor(() => expect(push.to(carolsPhone)).toHaveLength(1));
    expect(push.to(bobsPhone)).toEqual([]);

    // Held until the quiet hours end, about an hour from now, rather than dropped.
    const held = (await t.db.execute(sql`select extract(epoch from start_after - now())::float8 as wait
      from pgboss.job
      where name = 'push-notifications' and start_after > now() + interval '50 minutes'`)) as unknown as {
      rows: { wait: number }[];
    };
    expect(held.rows).toHaveLength(1);
    expect(held.rows[0]!.wait).toBeLessThanOrEqual(3600);
  });
});

describe('quiet hours in the preferences', () => {
  it('are stored, answered and removed with null', async () => {
    const ann = await signUp(t);
    const quietHours = { start: '22:00', end: '07:30', timeZone: 'Europe/Paris' };
    expect((await changePreferences(ann, { quietHours })).json().quietHours).toEqual(quietHours);
    // Another change keeps them.
    const other = await changePreferences(ann, { types: { LIKE: { push: true } } });
    expect(other.json()).toMatchObject({ quietHours, types: { LIKE: { push: true } } });
    expect((await changePreferences(ann, { quietHours: null })).json().quietHours).toBeNull();
  });

  it('refuses times, zones and empty spans it cannot use, with a message saying which', async () => {
    const ann = await signUp(t);
    const refused = async (quietHours: unknown, message: string) => {
      const res = await changePreferences(ann, { quietHours });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    const M = NOTIFICATION_PREFERENCE_MESSAGES;
    await refused({ start: '25:00', end: '07:00', timeZone: 'UTC' }, M.quietHoursTime);
    await refused({ start: '7', end: '07:00', timeZone: 'UTC' }, M.quietHoursTime);
    await refused({ start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' }, M.quietHoursTimeZone);
    await refused({ start: '22:00', end: '22:00', timeZone: 'UTC' }, M.quietHoursEmpty);
    await refused('22:00-07:00', M.quietHours);
    expect((await changePreferences(ann, {})).json().quietHours).toBeNull();
  });
});
