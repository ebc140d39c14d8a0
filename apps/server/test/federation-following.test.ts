import type { FollowingFeedPageWithRemote, RemoteAccount, SearchResult } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import {
  eventually,
  followElsewhere,
  get,
  type Instance,
  json,
  showToVisitors,
  startInstance,
} from './helpers/federation.js';
import { createPlan, planBody } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';

// Two Pathwise servers (federation.test.ts's setup): Bob on B finds Ann on A by search, follows her,
// A accepts, and her public posts and plans, edits and deletions show in Bob's Following feed; his
// unfollow reaches A.

let a: Instance;
let b: Instance;
let ann: TestAccount;
let bob: TestAccount;
let annAccount: RemoteAccount;

beforeAll(async () => {
  [a, b] = await Promise.all([startInstance('127.0.0.1'), startInstance('localhost')]);
  [ann, bob] = await Promise.all([signUp(a.api, { name: 'Ann Elsewhere' }), signUp(b.api, { name: 'Bob' })]);
  await Promise.all([showToVisitors(a, ann), showToVisitors(b, bob)]);
}, 200_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => instance.cleanup()));
});

const onB = (request: { method?: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }) =>
  b.api.app.inject({ ...request, headers: bearer(bob.token) });
const remoteFeed = async () =>
  ((await onB({ url: '/api/feed/following?remote=true' })).json() as FollowingFeedPageWithRemote).content;
const followersOfAnn = async () =>
  (await json(await get(`${a.origin}/ap/users/${ann.user.id}/followers`))).totalItems as number;

describe('following Ann on A from B', () => {
  it("finds her by her profile's address in the Users results, with an id on B", async () => {
    // Her @name@host works alike on https; Fedify asks WebFinger over https only, which tests lack.
    const handle = `@${ann.user.handle}@${new URL(a.origin).host}`;
    const profile = `${a.origin}/@${ann.user.handle}`;
    // The lookup answers within 5 s or not at all: on a loaded machine the first tries may run out.
    annAccount = await eventually('the search to find Ann', async () => {
      const res = await onB({ url: `/api/search?query=${encodeURIComponent(profile)}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SearchResult).users.remote;
    });
    expect(annAccount).toMatchObject({
      handle,
      name: 'Ann Elsewhere',
      url: `${a.origin}/@${ann.user.handle}`,
      followState: null,
    });
  }, 240_000);

  it('sends the Follow, PENDING until A accepts', async () => {
    const res = await followElsewhere(b, bob, annAccount.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account).toMatchObject({ id: annAccount.id, followState: 'PENDING' });
    await eventually('A to accept', async () => {
      const account = (
        await onB({ url: `/api/federation/accounts/${annAccount.id}` })
      ).json() as RemoteAccount;
      return account.followState === 'ACCEPTED' ? account : undefined;
    });
    expect(await followersOfAnn()).toBe(1);
  }, 240_000);

  it("shows Ann's new post in Bob's Following feed with a link back", async () => {
    const post = await createPost(a.api, ann.token, {
      title: 'Notes from A',
      content: 'Some **bold** words <script>alert(1)</script>',
    });
    const item = await eventually("the post in Bob's feed", async () =>
      (await remoteFeed()).find((entry) => entry.type === 'REMOTE_POST'),
    );
    expect(item.type === 'REMOTE_POST' && item.remotePost).toMatchObject({
      title: 'Notes from A',
      url: `${a.origin}/post/${post.id}`,
      author: { id: annAccount.id, handle: annAccount.handle },
    });
    const html = item.type === 'REMOTE_POST' ? item.remotePost.contentHtml : '';
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script');
    // The feed without `remote` is the one old clients know.
    const plain = (await onB({ url: '/api/feed/following' })).json() as FollowingFeedPageWithRemote;
    expect(plain.content.filter((entry) => entry.type === 'REMOTE_POST')).toEqual([]);

    const edited = await sendPost(a.api, ann.token, [postPart({ ...validPost, title: 'Better notes' })], {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
    });
    expect(edited.statusCode).toBe(200);
    await eventually('the edit on B', async () =>
      (await remoteFeed()).find(
        (entry) => entry.type === 'REMOTE_POST' && entry.remotePost.title === 'Better notes',
      ),
    );
    const deleted = await a.api.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: bearer(ann.token),
    });
    expect(deleted.statusCode).toBe(204);
    await eventually('the deletion on B', async () => ((await remoteFeed()).length === 0 ? true : undefined));
  }, 200_000);

  it("shows Ann's public plan on B as an Article with its topics and a link back, until it is private", async () => {
    const secret = await createPlan(a.api, ann.token, { title: 'A private plan', isPublic: false });
    const plan = await createPlan(a.api, ann.token, {
      title: 'Learn Rust on A',
      description: 'From **ownership** <script>alert(1)</script>',
      tags: ['rust'],
    });
    const planPage = `${a.origin}/learning-plan/${plan.id}`;
    const remotePlan = async (title: string) =>
      (await remoteFeed()).find((entry) => entry.type === 'REMOTE_POST' && entry.remotePost.title === title);
    const item = await eventually("the plan in Bob's feed", () => remotePlan('Learn Rust on A'));
    expect(item.type === 'REMOTE_POST' && item.remotePost).toMatchObject({
      url: planPage,
      author: { id: annAccount.id },
    });
    const html = item.type === 'REMOTE_POST' ? item.remotePost.contentHtml : '';
    expect(html).toContain('<li>Ownership</li>');
    expect(html).not.toContain('<script');

    const objectId = `${a.origin}/ap/plans/${plan.id}`;
    const article = await json(await get(objectId));
    expect(article).toMatchObject({
      id: objectId,
      type: 'Article',
      name: 'Learn Rust on A',
      url: planPage,
      attributedTo: `${a.origin}/ap/users/${ann.user.id}`,
      tag: { type: 'Hashtag', name: '#rust', href: `${a.origin}/tags/rust` },
    });
    expect(article.content).toBe(
      '<p>From <strong>ownership</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>' +
        '<ol><li>Ownership</li><li>Traits</li></ol>',
    );
    // A browser is not given the ActivityPub document, and the private plan has no object.
    expect((await get(objectId, 'text/html')).status).not.toBe(200);
    expect((await get(`${a.origin}/ap/plans/${secret.id}`)).status).toBe(404);

    const edit = (fields: Parameters<typeof planBody>[0]) =>
      a.api.app.inject({
        method: 'PUT',
        url: `/api/learning-plans/${plan.id}`,
        headers: bearer(ann.token),
        payload: planBody({ ...fields, topics: [{ title: 'Lifetimes', orderIndex: 0, resources: [] }] }),
      });
    expect((await edit({ title: 'Learn Rust, revised' })).statusCode).toBe(200);
    const edited = await eventually('the edit on B', () => remotePlan('Learn Rust, revised'));
    expect(edited.type === 'REMOTE_POST' && edited.remotePost.contentHtml).toContain('<li>Lifetimes</li>');

    expect((await edit({ title: 'Learn Rust, revised', isPublic: false })).statusCode).toBe(200);
    await eventually('the plan gone from B', async () =>
      (await remotePlan('Learn Rust, revised')) ? undefined : true,
    );
    expect((await get(objectId)).status).toBe(404);
    // Made public again, it is created anew; deleted, it goes again.
    expect((await edit({ title: 'Learn Rust, public again' })).statusCode).toBe(200);
    await eventually('the plan back on B', () => remotePlan('Learn Rust, public again'));
    const deleted = await a.api.app.inject({
      method: 'DELETE',
      url: `/api/learning-plans/${plan.id}`,
      headers: bearer(ann.token),
    });
    expect(deleted.statusCode).toBe(204);
    await eventually('the deleted plan gone from B', async () =>
      (await remoteFeed()).length === 0 ? true : undefined,
    );
    expect(await remotePlan('A private plan')).toBeUndefined();
  }, 200_000);

  it("pages Cat's posts and public plans together in her outbox, newest first", async () => {
    const cat = await signUp(a.api, { name: 'Cat' });
    await showToVisitors(a, cat);
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(`Post ${i}`);
      await createPost(a.api, cat.token, { title: `Post ${i}` });
      made.push(`Plan ${i}`);
      await createPlan(a.api, cat.token, { title: `Plan ${i}` });
    }
    await createPlan(a.api, cat.token, { title: 'Private', isPublic: false });
    const outbox = await json(await get(`${a.origin}/ap/users/${cat.user.id}/outbox`));
    expect(outbox.totalItems).toBe(24);
    const first = await json(await get(outbox.first));
    const second = await json(await get(first.next));
    expect(second.next).toBeUndefined();
    const items = [...first.orderedItems, ...second.orderedItems] as {
      type: string;
      object: { id: string; name: string };
    }[];
    expect(first.orderedItems).toHaveLength(20);
    expect(items.map((item) => item.object.name)).toEqual(made.reverse());
    expect(items.every((item) => item.type === 'Create')).toBe(true);
    expect(items[0]!.object.id).toMatch(new RegExp(`^${a.origin}/ap/plans/\\d+$`));
    expect(items[1]!.object.id).toMatch(new RegExp(`^${a.origin}/ap/posts/\\d+$`));
    expect((await get(`${a.origin}/ap/users/${cat.user.id}/outbox?cursor=nonsense`)).status).toBe(404);
  }, 240_000);

  it("unfollows: the Undo reaches A, and Ann's followers drop", async () => {
    const res = await onB({ method: 'DELETE', url: `/api/federation/follows/${annAccount.id}` });
    expect(res.statusCode, res.body).toBe(204);
    await eventually('A to drop Bob', async () => ((await followersOfAnn()) === 0 ? true : undefined));
    const account = (await onB({ url: `/api/federation/accounts/${annAccount.id}` })).json() as RemoteAccount;
    expect(account.followState).toBeNull();
  }, 240_000);
});
