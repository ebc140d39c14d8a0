import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Comment,
  FEDERATION_LIMITS,
  INBOX_MESSAGES,
  type Page,
  type Post,
  REMOTE_FOLLOW_MESSAGES,
  type RemoteFollower,
  type SearchResult,
} from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSafeDocumentLoader, refusePrivateUrl } from '../src/lib/federation-fetch.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp } from './helpers/app.js';
import type { FakeActivityPubServer, FakeActor } from './helpers/fake-activitypub-server.js';
import {
  eventually,
  get,
  type Instance,
  json,
  logged,
  MODERATOR,
  withServers,
} from './helpers/federation.js';
import { createPost } from './helpers/posts.js';

// One Pathwise server (A, as `localhost`) and a fake ActivityPub server on 127.0.0.1, the domain a
// moderator blocks: its follows and likes go, its later activities are refused. Also the inboxes'
// limits (body size, deliveries per server) and NodeInfo.

let a: Instance;
let remote: FakeActivityPubServer;
let ann: TestAccount;
let moderator: TestAccount;
let mallory: FakeActor;
let eve: FakeActor;
let annActor: string;
let post: Post;

function fixture(name: string, actor: FakeActor, extra: Record<string, string> = {}) {
  const text = readFileSync(new URL(`./fixtures/activitypub/${name}.json`, import.meta.url), 'utf8');
  const values: Record<string, string> = {
    actor: actor.id,
    ann: annActor,
    post: `${a.origin}/ap/posts/${post.id}`,
    ...extra,
  };
  return JSON.parse(text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!));
}

const followersOfAnn = async () =>
  (await json(await get(`${a.origin}/ap/users/${ann.user.id}/followers`))).totalItems as number;
const likesOfPost = async () =>
  ((await a.api.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(ann.token) })).json() as Post)
    .likesCount;
const remoteFollowersOfAnn = async () =>
  (
    (
      await a.api.app.inject({
        url: `/api/users/${ann.user.id}/followers/remote`,
        headers: bearer(moderator.token),
      })
    ).json() as Page<RemoteFollower>
  ).content;
const asModerator = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  a.api.app.inject({ method, url, payload, headers: bearer(moderator.token) });

withServers(
  { host: 'localhost', ann: 'Ann Safety', actors: ['mallory', 'eve'], timeout: 200_000 },
  async (made) => {
    ({ a, remote, ann } = made);
    mallory = remote.actors.mallory!;
    eve = remote.actors.eve!;
    moderator = await signUp(a.api, { name: 'Mod', email: MODERATOR });
    annActor = `${a.origin}/ap/users/${ann.user.id}`;
    post = await createPost(a.api, ann.token, { title: 'Safety first' });
  },
);

/** NodeInfo 2.1's schema (nodeinfo.diaspora.software), the parts a server must send. */
const nodeInfo21 = z.object({
  version: z.literal('2.1'),
  software: z.object({ name: z.literal('pathwise'), version: z.string().min(1) }),
  protocols: z.array(z.string()).min(1),
  services: z.object({ inbound: z.array(z.string()), outbound: z.array(z.string()) }),
  openRegistrations: z.boolean(),
  usage: z.object({
    users: z.object({
      total: z.number().int().min(0),
      activeMonth: z.number().int().min(0),
      activeHalfyear: z.number().int().min(0),
    }),
    localPosts: z.number().int().min(0),
  }),
  metadata: z.record(z.string(), z.unknown()),
});

describe('NodeInfo', () => {
  it('is linked from /.well-known/nodeinfo and counts public things only', async () => {
    const links = await json(await get(`${a.origin}/.well-known/nodeinfo`, 'application/json'));
    const link = links.links.find(
      (l: { rel: string }) => l.rel === 'http://nodeinfo.diaspora.software/ns/schema/2.1',
    );
    expect(link.href).toBe(`${a.origin}/nodeinfo/2.1`);
    const info = nodeInfo21.parse(await json(await get(link.href, 'application/json')));
    expect(info.protocols).toEqual(['activitypub']);
    // Ann shows her profile and posted; the moderator does not show theirs.
    expect(info.usage.users).toEqual({ total: 1, activeMonth: 1, activeHalfyear: 1 });
    expect(info.usage.localPosts).toBe(1);
  });

  it('is not there with federation off', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/.well-known/nodeinfo', '/nodeinfo/2.1'])
        expect((await t.app.inject({ url })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 240_000);
});

describe('inbox limits', () => {
  it('refuses a body larger than the cap with 413, before reading it', async () => {
    const activity = { ...fixture('follow', mallory), padding: 'x'.repeat(FEDERATION_LIMITS.inboxBodyBytes) };
    const response = await remote.send(`${a.origin}/ap/inbox`, activity, { signer: mallory });
    expect(response.status).toBe(413);
    expect(await followersOfAnn()).toBe(0);
  });
});

describe('a blocked domain', () => {
  it('loses its followers and likes when a moderator blocks it', async () => {
    expect(
      (await remote.send(`${annActor}/inbox`, fixture('follow', mallory), { signer: mallory })).status,
    ).toBe(202);
    expect(
      (await remote.send(`${a.origin}/ap/inbox`, fixture('like', mallory, { n: '1' }), { signer: mallory }))
        .status,
    ).toBe(202);
    await eventually('the follow and the like', async () =>
      (await followersOfAnn()) === 1 && (await likesOfPost()) === 1 ? true : undefined,
    );
    // Listed among Ann's followers elsewhere, as Mallory's actor describes her.
    expect(await remoteFollowersOfAnn()).toEqual([
      {
        id: expect.any(Number),
        handle: `@mallory@${new URL(remote.origin).host}`,
        name: 'Mallory Elsewhere',
        profilePicture: `${remote.origin}/avatars/mallory.png`,
        url: `${remote.origin}/@mallory`,
        since: expect.any(String),
      },
    ]);

    const blocked = await asModerator('POST', '/api/moderation/domain-blocks', {
      domain: ' 127.0.0.1 ',
      reason: 'Spam',
    });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ domain: '127.0.0.1', removedFollowers: 1, removedReactions: 1 });
    expect(await followersOfAnn()).toBe(0);
    expect(await remoteFollowersOfAnn()).toEqual([]);
    expect(await likesOfPost()).toBe(0);

    const list = await asModerator('GET', '/api/moderation/domain-blocks');
    expect(list.json().content).toEqual([
      expect.objectContaining({
        domain: '127.0.0.1',
        reason: 'Spam',
        moderator: { id: moderator.user.id, name: 'Mod' },
      }),
    ]);
    const again = await asModerator('POST', '/api/moderation/domain-blocks', { domain: '127.0.0.1' });
    expect(again.statusCode).toBe(409);
  });

  it('has its later activities refused with 403, logged, and nothing stored', async () => {
    const follow = await remote.send(`${annActor}/inbox`, fixture('follow', eve), { signer: eve });
    expect(follow.status).toBe(403);
    expect((await json(follow)).message).toBe(INBOX_MESSAGES.blockedDomain);
    const like = await remote.send(`${a.origin}/ap/inbox`, fixture('like', eve, { n: '1' }), { signer: eve });
    expect(like.status).toBe(403);
    await eventually('both refusals logged', async () =>
      logged(a, 'an activity from a blocked domain was refused').length === 2 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await followersOfAnn()).toBe(0);
    expect(await likesOfPost()).toBe(0);
  });

  it('is refused when not a domain, and lifted by unblocking', async () => {
    const wrong = await asModerator('POST', '/api/moderation/domain-blocks', {
      domain: 'https://x.example/',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await asModerator('DELETE', '/api/moderation/domain-blocks/x.example')).statusCode).toBe(404);
    expect((await asModerator('DELETE', '/api/moderation/domain-blocks/127.0.0.1')).statusCode).toBe(204);
    // The moderation log has both, newest first, naming the server; the missing one logged nothing.
    const log = (await asModerator('GET', '/api/moderation/actions?size=50')).json().content;
    const onDomain = log.filter((action: { targetType: string }) => action.targetType === 'DOMAIN');
    expect(onDomain.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'DOMAIN_UNBLOCKED', domain: '127.0.0.1', targetId: null, note: '' }),
      expect.objectContaining({
        action: 'DOMAIN_BLOCKED',
        domain: '127.0.0.1',
        note: 'Spam',
        moderator: expect.objectContaining({ id: moderator.user.id }),
      }),
    ]);
    const follow = await remote.send(`${annActor}/inbox`, fixture('follow', eve), { signer: eve });
    expect(follow.status).toBe(202);
    // Past the guard: Fedify has verified its signature and taken it.
    expect(logged(a, 'an activity from a blocked domain was refused')).toHaveLength(2);
    // Stored: the second remote follower row there has been (its id is not Ann's user id), so this also
    // checks that the followers' count counts every row, not only one whose id matched the user's.
    await eventually('the follow after the unblock', async () =>
      (await followersOfAnn()) === 1 ? true : undefined,
    );
  });
});

describe('deliveries per server', () => {
  it('are limited per signing host, with Retry-After', async () => {
    // Signed on a subdomain of a blocked server: refused before Fedify reads anything, so the flood is quick.
    expect(
      (await asModerator('POST', '/api/moderation/domain-blocks', { domain: 'flood.example' })).statusCode,
    ).toBe(201);
    const headers = {
      'content-type': 'application/activity+json',
      signature: 'keyId="https://a.flood.example/users/x#main-key",signature="AAAA"',
    };
    const deliver = () => fetch(`${a.origin}/ap/inbox`, { method: 'POST', headers, body: '{}' });
    const statuses: number[] = [];
    for (let batch = 0; batch < FEDERATION_LIMITS.inboxPerHostPerMinute / 50; batch++)
      statuses.push(...(await Promise.all(Array.from({ length: 50 }, deliver))).map((r) => r.status));
    expect(statuses.every((status) => status === 403)).toBe(true);
    const over = await deliver();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(over)).message).toBe(INBOX_MESSAGES.tooMany);
    // Another server is not limited by that one's deliveries.
    expect(
      (await remote.send(`${a.origin}/ap/inbox`, fixture('like', eve, { n: '2' }), { signer: eve })).status,
    ).toBe(202);
  });
});

describe('a blocked domain, everywhere', () => {
  const shared = () => `${a.origin}/ap/inbox`;
  const asAnn = (method: 'GET' | 'POST', url: string, payload?: object) =>
    a.api.app.inject({ method, url, payload, headers: bearer(ann.token) });
  const threads = async () => (await asAnn('GET', `/api/posts/${post.id}/comments`)).json() as Page<Comment>;
  const remotePosts = async () =>
    ((await asAnn('GET', '/api/feed/following?remote=true')).json() as Page<{ type: string }>).content.filter(
      (item) => item.type === 'REMOTE_POST',
    );
  const followState = async (id: number) =>
    (await asAnn('GET', `/api/federation/accounts/${id}`)).json().followState as string | null;
  /** Ann follows Mallory (by her actor's address) and Mallory accepts: her account's id here. */
  async function followMallory() {
    const follows = remote.received.filter((item) => item.activity.type === 'Follow').length;
    const follow = await asAnn('POST', '/api/federation/follows', { account: mallory.id });
    expect(follow.statusCode, follow.body).toBe(200);
    const sent = await eventually(
      'the Follow at the fake server',
      async () => remote.received.filter((item) => item.activity.type === 'Follow')[follows],
    );
    const accept = { type: 'Accept', actor: mallory.id, object: sent.activity.id };
    const id = `${mallory.id}#accepts/${follows}`;
    const context = 'https://www.w3.org/ns/activitystreams';
    expect(
      (await remote.send(shared(), { '@context': context, id, ...accept }, { signer: mallory })).status,
    ).toBe(202);
    const account = follow.json().account.id as number;
    await eventually('the follow accepted', async () =>
      (await followState(account)) === 'ACCEPTED' ? true : undefined,
    );
    return account;
  }
  let account: number;

  it('hides its comments and posts, refuses its accounts, ends follows of them and sends nothing there', async () => {
    const values = {
      name: 'mallory',
      origin: remote.origin,
      annUrl: `${a.origin}/@${ann.user.handle}`,
      annHandle: `${ann.user.handle}@${new URL(a.origin).host}`,
    };
    expect(
      (await remote.send(shared(), fixture('create-note', mallory, values), { signer: mallory })).status,
    ).toBe(202);
    await eventually("Mallory's comment", async () =>
      (await threads()).totalElements === 1 ? true : undefined,
    );
    account = await followMallory();
    // A post of hers, not a reply: the fixture's Note under another id.
    const reply = fixture('create-note', mallory, values);
    const { inReplyTo: _, ...note } = reply.object;
    const create = {
      ...reply,
      id: `${mallory.id}/statuses/2/activity`,
      object: { ...note, id: `${mallory.id}/statuses/2` },
    };
    expect((await remote.send(shared(), create, { signer: mallory })).status).toBe(202);
    await eventually("Mallory's post in Ann's Following", async () =>
      (await remotePosts()).length === 1 ? true : undefined,
    );

    expect(
      (await asModerator('POST', '/api/moderation/domain-blocks', { domain: '127.0.0.1' })).statusCode,
    ).toBe(201);
    // Her comment is hidden from the thread and its total; the post's count still has it, as Mastodon's.
    expect(await threads()).toMatchObject({ content: [], totalElements: 0 });
    expect((await asAnn('GET', `/api/posts/${post.id}`)).json().commentsCount).toBe(1);
    expect(await remotePosts()).toEqual([]);
    expect(await followState(account)).toBeNull();
    const follow = await asAnn('POST', '/api/federation/follows', { account: mallory.id });
    expect(follow.statusCode).toBe(403);
    expect(follow.json().message).toBe(REMOTE_FOLLOW_MESSAGES.blockedServer);
    const handle = `@mallory@${new URL(remote.origin).host}`;
    const search = (
      await asAnn('GET', `/api/search?query=${encodeURIComponent(handle)}`)
    ).json() as SearchResult;
    expect(search.users).toMatchObject({ remoteRefused: REMOTE_FOLLOW_MESSAGES.blockedServer });
    expect(search.users.remote).toBeUndefined();

    // A post naming her would be delivered to her inbox: the delivery is dropped as it is about to go.
    const received = remote.received.length;
    await createPost(a.api, ann.token, { title: 'Hello', content: `Hello ${handle}` });
    await eventually('the delivery dropped', async () =>
      logged(a, 'a delivery to a blocked domain was dropped').length > 0 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(remote.received).toHaveLength(received);
  });

  it('shows its comments again once unblocked, and its posts to whoever follows again', async () => {
    expect((await asModerator('DELETE', '/api/moderation/domain-blocks/127.0.0.1')).statusCode).toBe(204);
    expect((await threads()).content.map((comment) => comment.remote?.handle)).toEqual([
      `@mallory@${new URL(remote.origin).host}`,
    ]);
    // The follow ended with the block; following again shows what she posted before it.
    expect(await followState(account)).toBeNull();
    expect(await followMallory()).toBe(account);
    expect(await remotePosts()).toHaveLength(1);
  });
});

describe('fetching from other servers', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const send = (body: string) =>
        response.writeHead(200, { 'content-type': 'application/activity+json' }).end(body);
      if (request.url === '/actor')
        send(JSON.stringify({ id: `http://localhost:${port}/actor`, type: 'Person' }));
      else if (request.url === '/redirect')
        response.writeHead(302, { location: `http://127.0.0.1:${port}/actor` }).end();
      // Sent in pieces without a length: only counting what arrives can stop it.
      else if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'application/activity+json' });
        const piece = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 40; i++) response.write(piece);
        response.end();
      }
      // /slow never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses loopback, private and link-local addresses, IPv4 and IPv6, and localhost', async () => {
    for (const url of [
      'http://127.0.0.1/a',
      'http://10.1.2.3/a',
      'http://192.168.0.1/a',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a',
      'http://[fe80::1]/a',
      'http://[fd00::1]/a',
      'http://[::ffff:127.0.0.1]/a',
      'http://localhost/a',
      'file:///etc/passwd',
    ])
      await expect(refusePrivateUrl(url, false), url).rejects.toThrow();
    const load = createSafeDocumentLoader({ allowPrivateAddress: false });
    await expect(load(`http://127.0.0.1:${port}/actor`)).rejects.toThrow(/private|Localhost/i);
  });

  it('checks every redirect: a public address may not send it to a private one', async () => {
    // This server on `localhost` stands in for a public one; its redirect goes to 127.0.0.1.
    const load = createSafeDocumentLoader({
      allowPrivateAddress: false,
      exemptOrigins: [`http://localhost:${port}`],
    });
    expect((await load(`http://localhost:${port}/actor`)).document).toMatchObject({ type: 'Person' });
    await expect(load(`http://localhost:${port}/redirect`)).rejects.toThrow(/127\.0\.0\.1/);
  });

  it('caps the body and the time a fetch takes', async () => {
    const load = createSafeDocumentLoader({ allowPrivateAddress: true, timeoutMs: 500 });
    await expect(load(`http://127.0.0.1:${port}/big`)).rejects.toThrow(/larger than/);
    const started = Date.now();
    await expect(load(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    // With the test flag, a private address is fetched (the two-server tests rely on it).
    expect((await load(`http://127.0.0.1:${port}/actor`)).document).toMatchObject({ type: 'Person' });
  });
});
