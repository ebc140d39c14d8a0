import {
  type Comment,
  type CommentThread,
  type ModerationReport,
  type Page,
  type Post,
  REPORT_MESSAGES,
  type RemoteAccount,
  type SearchResult,
} from '@pathwise/contract';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { fillFixture } from './helpers/activitypub-fixtures.js';
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

// Reports across servers: Bob on B reports Ann of A, and a comment Mallory (of the fake server) left
// under his post; with `forward`, each server gets an anonymous Flag from B's own actor, and A files
// it for its moderators. A Flag from the fake server becomes a report on A too, unless it names nothing
// of A's.

let a: Instance;
let b: Instance;
let remote: FakeActivityPubServer;
let mallory: FakeActor;
let ann: TestAccount;
let bob: TestAccount;
let carol: TestAccount;
let annPost: Post;
let annAccount: RemoteAccount;
let comment: CommentThread;

const as = (
  instance: Instance,
  account: TestAccount | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => instance.api.app.inject({ method, url, payload, headers: account ? bearer(account.token) : {} });
const queue = async (instance: Instance, moderator: TestAccount) =>
  ((await as(instance, moderator, 'GET', '/api/moderation/reports?size=50')).json() as Page<ModerationReport>)
    .content;
const flagsReceived = () => remote.received.filter((item) => item.activity.type === 'Flag');
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

let modA: TestAccount;
let modB: TestAccount;

withServers({ ann: 'Ann Elsewhere', bob: 'Bob Here', actors: ['mallory', 'eve'] }, async (made) => {
  ({ a, b, remote, ann, bob } = made);
  mallory = remote.actors.mallory!;
  [carol, modA, modB] = await Promise.all([
    signUp(b.api, { name: 'Carol Here' }),
    signUp(a.api, { name: 'Mod A', email: MODERATOR }),
    signUp(b.api, { name: 'Mod B', email: MODERATOR }),
  ]);
  annPost = await createPost(a.api, ann.token, { title: 'Ann on A' });

  // Mallory replies to Bob's post on B: a comment from elsewhere, as Mastodon sends one.
  const bobPost = await createPost(b.api, bob.token, { title: 'Bob on B' });
  const reply = fillFixture('create-note', {
    actor: mallory.id,
    name: mallory.name,
    origin: remote.origin,
    ann: `${b.origin}/ap/users/${bob.user.id}`,
    annUrl: `${b.origin}/@${bob.user.handle}`,
    annHandle: `${bob.user.handle}@${new URL(b.origin).host}`,
    post: `${b.origin}/ap/posts/${bobPost.id}`,
  });
  expect((await remote.send(`${b.origin}/ap/inbox`, reply, { signer: mallory })).status).toBe(202);
  comment = await eventually('the reply as a comment on B', async () => {
    const page = await as(b, bob, 'GET', `/api/posts/${bobPost.id}/comments`);
    return (page.json() as Page<CommentThread>).content[0];
  });
});

describe("B's own actor", () => {
  it('is an Application named after the server, found by WebFinger as host@host', async () => {
    const host = new URL(b.origin);
    const finger = await json(
      await get(`${b.origin}/.well-known/webfinger?resource=acct:${host.hostname}@${host.host}`, '*/*'),
    );
    const self = finger.links.find((link: { rel: string }) => link.rel === 'self');
    expect(self.href).toBe(`${b.origin}/ap/users/instance`);
    const actor = await json(await get(self.href));
    expect(actor).toMatchObject({ type: 'Application', preferredUsername: host.hostname });
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
  });
});

describe('reporting someone on another server', () => {
  it("files Bob's report of Ann on B, and A's moderators get an anonymous copy from B", async () => {
    annAccount = await eventually('the search to find Ann', async () => {
      const url = `/api/search?query=${encodeURIComponent(`${a.origin}/@${ann.user.handle}`)}`;
      return ((await as(b, bob, 'GET', url)).json() as SearchResult).users.remote;
    });
    const res = await as(b, bob, 'POST', '/api/reports', {
      targetType: 'REMOTE_ACCOUNT',
      targetId: annAccount.id,
      reason: 'HARASSMENT',
      details: 'Rude to everyone',
      forward: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: REPORT_MESSAGES.receivedAndForwarded, forwarded: true });

    const [onB] = await queue(b, modB);
    expect(onB).toMatchObject({
      targetType: 'REMOTE_ACCOUNT',
      target: {
        id: annAccount.id,
        summary: 'Ann Elsewhere',
        path: `/search?q=${encodeURIComponent(annAccount.handle)}`,
        remote: { handle: annAccount.handle, profileUrl: annAccount.url },
      },
      reporter: { id: bob.user.id },
      fromServer: null,
      forwarded: true,
    });

    const onA = await eventually("the report in A's queue", async () => (await queue(a, modA))[0]);
    expect(onA).toMatchObject({
      targetType: 'USER',
      target: { id: ann.user.id, summary: 'Ann Elsewhere' },
      reason: 'OTHER',
      details: 'Harassment or bullying: Rude to everyone',
      reporter: null,
      fromServer: new URL(b.origin).host,
      forwarded: false,
    });
  });

  it('sends nothing without forward, and a comment from elsewhere as the account and the Note', async () => {
    const kept = await as(b, carol, 'POST', '/api/reports', {
      targetType: 'COMMENT',
      targetId: comment.id,
      reason: 'SPAM',
    });
    expect(kept.json()).toMatchObject({ message: REPORT_MESSAGES.received, forwarded: false });
    const alsoKept = await as(b, carol, 'POST', '/api/reports', {
      targetType: 'REMOTE_ACCOUNT',
      targetId: annAccount.id,
      reason: 'SPAM',
    });
    expect(alsoKept.statusCode).toBe(201);
    await settle();
    expect(flagsReceived()).toEqual([]);
    expect(await queue(a, modA)).toHaveLength(1);

    const sent = await as(b, bob, 'POST', '/api/reports', {
      targetType: 'COMMENT',
      targetId: comment.id,
      reason: 'SPAM',
      forward: true,
    });
    expect(sent.json()).toMatchObject({ forwarded: true });
    const [flag] = await eventually('the Flag at the fake server', async () =>
      flagsReceived().length > 0 ? flagsReceived() : undefined,
    );
    expect(flag).toMatchObject({
      path: '/inbox',
      signed: true,
      activity: {
        actor: `${b.origin}/ap/users/instance`,
        object: [mallory.id, `${mallory.id}/statuses/113001`],
        content: 'Spam or advertising',
      },
    });
    expect(JSON.stringify(flag!.activity)).not.toContain(String(bob.user.handle));
    // Reporting it again files nothing new and sends nothing more.
    const again = await as(b, bob, 'POST', '/api/reports', {
      targetType: 'COMMENT',
      targetId: comment.id,
      reason: 'HATE',
      forward: true,
    });
    expect(again.json()).toMatchObject({ id: sent.json().id, forwarded: true });
    await settle();
    expect(flagsReceived()).toHaveLength(1);
  });

  it('answers visitors 401', async () => {
    const res = await as(b, null, 'POST', '/api/reports', {
      targetType: 'REMOTE_ACCOUNT',
      targetId: annAccount.id,
      reason: 'SPAM',
      forward: true,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a report from another server', () => {
  const flag = (objects: string[], n: string) => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${remote.origin}/reports/${n}`,
    type: 'Flag',
    actor: mallory.id,
    content: '<p>Spam &amp; scams</p>',
    object: objects,
  });

  it('becomes a report about the post it names, from that server, with its text', async () => {
    const before = (await queue(a, modA)).length;
    const objects = [`${a.origin}/ap/users/${ann.user.id}`, `${a.origin}/ap/posts/${annPost.id}`];
    expect((await remote.send(`${a.origin}/ap/inbox`, flag(objects, '1'), { signer: mallory })).status).toBe(
      202,
    );
    const reports = await eventually('the report on A', async () => {
      const found = await queue(a, modA);
      return found.length > before ? found : undefined;
    });
    expect(reports).toHaveLength(before + 1);
    expect(reports.at(-1)).toMatchObject({
      targetType: 'POST',
      target: { id: annPost.id, summary: 'Ann on A' },
      details: 'Spam & scams',
      reporter: null,
      fromServer: new URL(remote.origin).host,
    });
  });

  it('is dropped when it names nothing of ours', async () => {
    const before = (await queue(a, modA)).length;
    const objects = [remote.actors.eve!.id, `${a.origin}/ap/posts/999999`, 'https://elsewhere.example/x'];
    expect((await remote.send(`${a.origin}/ap/inbox`, flag(objects, '2'), { signer: mallory })).status).toBe(
      202,
    );
    await eventually('the Flag dropped', async () =>
      logged(a, 'a report about nothing of ours was dropped').length > 0 ? true : undefined,
    );
    expect(await queue(a, modA)).toHaveLength(before);
  });

  /** Ann's comment on `postId`, on A. */
  const annComment = async (postId: number) => {
    const res = await as(a, ann, 'POST', `/api/posts/${postId}/comments`, { content: 'Buy cheap watches' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Comment;
  };

  it("becomes a report about the comment whose Note it names, Ann's comment on her post", async () => {
    const before = (await queue(a, modA)).length;
    const annsComment = await annComment(annPost.id);
    const objects = [`${a.origin}/ap/users/${ann.user.id}`, `${a.origin}/ap/comments/${annsComment.id}`];
    expect((await remote.send(`${a.origin}/ap/inbox`, flag(objects, '3'), { signer: mallory })).status).toBe(
      202,
    );
    const reports = await eventually('the report on A', async () => {
      const found = await queue(a, modA);
      return found.length > before ? found : undefined;
    });
    expect(reports).toHaveLength(before + 1);
    expect(reports.find((report) => report.targetType === 'COMMENT')).toMatchObject({
      targetType: 'COMMENT',
      target: { id: annsComment.id },
      details: 'Spam & scams',
      reporter: null,
      fromServer: new URL(remote.origin).host,
    });
  });

  it('is dropped when the comment it names is on a post visitors cannot read', async () => {
    // Dan does not show his profile to visitors: his post, and the comments on it, are not federated.
    const dan = await signUp(a.api, { name: 'Dan Private' });
    const hidden = await annComment((await createPost(a.api, dan.token, { title: 'Dan only' })).id);
    const before = (await queue(a, modA)).length;
    const dropped = logged(a, 'a report about nothing of ours was dropped').length;
    const objects = [`${a.origin}/ap/comments/${hidden.id}`];
    expect((await remote.send(`${a.origin}/ap/inbox`, flag(objects, '4'), { signer: mallory })).status).toBe(
      202,
    );
    await eventually('the Flag dropped', async () =>
      logged(a, 'a report about nothing of ours was dropped').length > dropped ? true : undefined,
    );
    expect(await queue(a, modA)).toHaveLength(before);
  });
});
