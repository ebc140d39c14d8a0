import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteFollowers } from '../src/db/schema/index.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type FakeActivityPubServer, startFakeActivityPubServer } from './helpers/fake-activitypub-server.js';
import { eventually } from './helpers/federation.js';
import { createPost } from './helpers/posts.js';

// Deliveries are checked again when the queue sends them: a follower recorded while their inbox was
// public (written here directly) whose inbox now resolves to a private address (the fake server on
// 127.0.0.1) gets nothing, without FEDERATION_ALLOW_PRIVATE; with it, the same follower gets the post.

const origin = 'https://pathwise.example';
let strict: TestApp;
let open: TestApp;
let remote: FakeActivityPubServer;
const logs: string[] = [];

beforeAll(async () => {
  [strict, open, remote] = await Promise.all([
    createTestApp({
      config: { federation: { origin, allowPrivateAddress: false } },
      logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
    }),
    createTestApp({ config: { federation: { origin, allowPrivateAddress: true } } }),
    startFakeActivityPubServer(['mallory']),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([strict?.close(), open?.close(), remote?.close()]);
});

/** Ann, shown to visitors, followed by the fake server's Mallory as a follow once stored it. */
async function annFollowedByMallory(t: TestApp) {
  const ann = await signUp(t, { name: 'Ann' });
  const privacy = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me/privacy',
    headers: bearer(ann.token),
    payload: { showProfileToVisitors: true },
  });
  expect(privacy.statusCode).toBe(200);
  const mallory = remote.actors.mallory!;
  await t.db.insert(remoteFollowers).values({
    userId: ann.user.id,
    actorUri: mallory.id,
    handle: `@mallory@${new URL(remote.origin).host}`,
    inboxUrl: `${mallory.id}/inbox`,
    sharedInboxUrl: `${remote.origin}/inbox`,
    followId: `${mallory.id}#follows/1`,
  });
  return ann;
}

const refusals = () =>
  logs
    .map((line) => JSON.parse(line) as { msg?: string; inbox?: string })
    .filter((line) => line.msg === 'a delivery to a private address was refused');
const creates = () => remote.received.filter((item) => item.activity.type === 'Create');

describe('a delivery to an inbox that now resolves to a private address', () => {
  it('is refused and logged, and the queue goes on', async () => {
    const ann = await annFollowedByMallory(strict);
    await createPost(strict, ann.token, { title: 'First' });
    await eventually('the first refusal', async () => (refusals().length === 1 ? true : undefined));
    // The queue still runs: the next post's delivery is refused in its turn, not stuck behind the first.
    await createPost(strict, ann.token, { title: 'Second' });
    await eventually('the second refusal', async () => (refusals().length === 2 ? true : undefined));
    expect(refusals().map((line) => line.inbox)).toEqual([
      `${remote.origin}/inbox`,
      `${remote.origin}/inbox`,
    ]);
    expect(logs.some((line) => line.includes('"msg":"a job failed"'))).toBe(false);
    expect(creates()).toEqual([]);
  });

  it('is made with FEDERATION_ALLOW_PRIVATE (what the two-server tests rely on)', async () => {
    const ann = await annFollowedByMallory(open);
    const post = await createPost(open, ann.token, { title: 'Delivered' });
    const create = await eventually('the delivery', async () => creates()[0]);
    expect(create).toMatchObject({ path: '/inbox', signed: true });
    expect((create.activity.object as { id: string }).id).toBe(`${origin}/ap/posts/${post.id}`);
  });
});
