import { NOTIFICATION_STREAM, type Notification } from '@pathwise/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../src/lib/events.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { openEventStream, type StreamClient } from './helpers/event-stream.js';
import { createPost } from './helpers/posts.js';
import { addComment } from './helpers/social.js';

const events = createEventBus();
let t: TestApp;
let baseUrl: string;
let ann: TestAccount;
let bob: TestAccount;
const open: StreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ events });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
});
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await vi.waitFor(() => expect(t.app.liveNotifications.subscriberCount()).toBe(0));
  await t.app.inject({ method: 'PATCH', url: '/api/notifications/read-all', headers: bearer(ann.token) });
});
afterAll(() => t.close());

async function streamOf(account: TestAccount, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${baseUrl}/api/notifications/stream`, {
    ...bearer(account.token),
    ...headers,
  });
  open.push(stream);
  return stream;
}

const like = (account: TestAccount, postId: number) =>
  t.app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: bearer(account.token) });

describe('GET /api/notifications/stream', () => {
  it('opens an event stream that starts with the unread count', async () => {
    const post = await createPost(t, ann.token);
    await like(bob, post.id);

    const stream = await streamOf(ann);

    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect((await stream.next('unread-count')).data).toBe(1);
  });

  it("pushes a new notification and the new count to every open stream of its recipient, and no one else's", async () => {
    const post = await createPost(t, ann.token);
    const firstTab = await streamOf(ann);
    const secondTab = await streamOf(ann);
    const bobs = await streamOf(bob);
    for (const stream of [firstTab, secondTab, bobs]) await stream.next('unread-count');

    await like(bob, post.id);

    for (const tab of [firstTab, secondTab]) {
      const pushed = await tab.next('notification', 1_000);
      expect(pushed.data).toMatchObject({
        type: 'LIKE',
        message: 'Bob Stone liked your post',
        entityType: 'post',
        entityId: post.id,
        isRead: false,
        actor: { id: bob.user.id, name: 'Bob Stone', profilePicture: null },
      });
      expect(pushed.id).toBe(String((pushed.data as Notification).id));
      expect((await tab.next('unread-count')).data).toBe(1);
    }
    await expect(bobs.next('notification', 300)).rejects.toThrow();
  });

  it('pushes the new count when notifications are marked read', async () => {
    const post = await createPost(t, ann.token);
    await like(bob, post.id);
    const stream = await streamOf(ann);
    expect((await stream.next('unread-count')).data).toBe(1);

    await t.app.inject({ method: 'PATCH', url: '/api/notifications/read-all', headers: bearer(ann.token) });

    // The like's own signal may reach the process after the stream opened and push its count (1)
    // first; what matters is that the read-all's count follows. next() fails if it never comes.
    let pushed = (await stream.next('unread-count', 1_000)).data;
    while (pushed !== 0) pushed = (await stream.next('unread-count', 1_000)).data;
    expect(pushed).toBe(0);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const post = await createPost(t, ann.token);
    const otherPost = await createPost(t, ann.token);
    await like(bob, post.id);
    const [seen] = (await t.app.inject({ url: '/api/notifications', headers: bearer(ann.token) })).json()
      .content as Notification[];
    await like(bob, otherPost.id);

    const stream = await streamOf(ann, { 'last-event-id': String(seen!.id) });

    const missed = await stream.next('notification');
    expect(missed.data).toMatchObject({ type: 'LIKE', entityId: otherPost.id });
    expect((await stream.next('unread-count')).data).toBe(2);
    await expect(stream.next('notification', 200)).rejects.toThrow();
  });

  it('gives every event an id: the newest notification the client has, so a first reconnect misses nothing', async () => {
    const post = await createPost(t, ann.token);
    await like(bob, post.id);
    const [newest] = (await t.app.inject({ url: '/api/notifications', headers: bearer(ann.token) })).json()
      .content as Notification[];

    const first = await streamOf(ann);
    const count = await first.next('unread-count');
    expect(count.id).toBe(String(newest!.id));
    first.close();

    await addComment(t, bob, post.id, 'Made while no stream was open');
    const again = await streamOf(ann, { 'last-event-id': count.id! });
    const missed = await again.next('notification');
    expect(missed.data).toMatchObject({ type: 'COMMENT', entityId: post.id });
    const afterReplay = await again.next('unread-count');
    expect(afterReplay.id).toBe(missed.id);
    expect(Number(afterReplay.id)).toBeGreaterThan(newest!.id);
  });

  it('replays the missed notifications in order, then live ones, each once', async () => {
    const post = await createPost(t, ann.token);
    const start = await streamOf(ann);
    const cursor = (await start.next('unread-count')).id!;
    start.close();
    for (const text of ['one', 'two', 'three']) await addComment(t, bob, post.id, text);

    const stream = await streamOf(ann, { 'last-event-id': cursor });
    const replayed = [await stream.next('notification'), await stream.next('notification')];
    replayed.push(await stream.next('notification'));
    await stream.next('unread-count');
    await addComment(t, bob, post.id, 'four');
    const live = await stream.next('notification', 1_000);

    const ids = [...replayed, live].map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(4);
    expect(Number(cursor)).toBeLessThan(ids[0]!);
    await expect(stream.next('notification', 300)).rejects.toThrow();
  });

  it(`asks the client to resync, rather than replaying, when it missed more than ${NOTIFICATION_STREAM.replayLimit}`, async () => {
    const post = await createPost(t, ann.token);
    const start = await streamOf(ann);
    const cursor = (await start.next('unread-count')).id!;
    start.close();
    for (let i = 0; i <= NOTIFICATION_STREAM.replayLimit; i++)
      await addComment(t, bob, post.id, `comment ${i}`);
    const [newest] = (await t.app.inject({ url: '/api/notifications', headers: bearer(ann.token) })).json()
      .content as Notification[];

    const stream = await streamOf(ann, { 'last-event-id': cursor });

    const resync = await stream.next('resync');
    expect(resync.id).toBe(String(newest!.id));
    expect((await stream.next('unread-count')).data).toBe(NOTIFICATION_STREAM.replayLimit + 1);
    await expect(stream.next('notification', 300)).rejects.toThrow();
  });

  it('forgets a client that went away: no listener is left behind', async () => {
    const first = await streamOf(ann);
    const second = await streamOf(bob);
    await first.next('unread-count');
    await second.next('unread-count');
    expect(t.app.liveNotifications.subscriberCount()).toBe(2);

    first.close();
    await vi.waitFor(() => expect(t.app.liveNotifications.subscriberCount()).toBe(1));
    second.close();
    await vi.waitFor(() => expect(t.app.liveNotifications.subscriberCount()).toBe(0));
  });

  it('sends a heartbeat comment every 25 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const stream = await streamOf(ann);
      await stream.next('unread-count');
      expect(stream.comments).toEqual([]);

      vi.advanceTimersByTime(25_000);
      await vi.waitFor(() => expect(stream.comments).toEqual(['heartbeat']));
      vi.advanceTimersByTime(25_000);
      await vi.waitFor(() => expect(stream.comments).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces a notification only once its cause has committed', async () => {
    const stream = await streamOf(ann);
    await stream.next('unread-count');
    const followed = { type: 'user.followed', actorId: bob.user.id, followedId: ann.user.id } as const;

    await expect(
      t.db.transaction(async (tx) => {
        await events.publish(tx, followed);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    await expect(stream.next('notification', 300)).rejects.toThrow();
    const unread = await t.app.inject({
      url: '/api/notifications?unreadOnly=true',
      headers: bearer(ann.token),
    });
    expect(unread.json().content).toEqual([]);

    await t.db.transaction((tx) => events.publish(tx, followed));
    expect((await stream.next('notification', 1_000)).data).toMatchObject({
      type: 'FOLLOW',
      message: 'Bob Stone started following you',
    });
  });
});

describe('closing the server', () => {
  it('ends open streams, so it can shut down', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const carl = await signUp(other, { name: 'Carl' });
    const stream = await openEventStream(`${url}/api/notifications/stream`, bearer(carl.token));
    await stream.next('unread-count');

    await other.close();

    await expect(stream.ended).resolves.toBeUndefined();
    expect(other.app.liveNotifications.subscriberCount()).toBe(0);
  });
});
