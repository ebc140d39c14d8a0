import type { FollowingFeedPageWithRemote, RemoteAccount, SearchResult } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { eventually, get, type Instance, json, showToVisitors, startInstance } from './helpers/federation.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';

// Two Pathwise servers (federation.test.ts's setup): Bob on B finds Ann on A by search, follows her,
// A accepts, and her public posts, edits and deletions show in Bob's Following feed; his unfollow
// reaches A.

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
  }, 120_000);

  it('sends the Follow, PENDING until A accepts', async () => {
    const res = await onB({
      method: 'POST',
      url: '/api/federation/follows',
      payload: { account: annAccount.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account).toMatchObject({ id: annAccount.id, followState: 'PENDING' });
    await eventually('A to accept', async () => {
      const account = (
        await onB({ url: `/api/federation/accounts/${annAccount.id}` })
      ).json() as RemoteAccount;
      return account.followState === 'ACCEPTED' ? account : undefined;
    });
    expect(await followersOfAnn()).toBe(1);
  }, 120_000);

  it("shows Ann's new post in Bob's Following feed, read-only with a link back", async () => {
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

  it("unfollows: the Undo reaches A, and Ann's followers drop", async () => {
    const res = await onB({ method: 'DELETE', url: `/api/federation/follows/${annAccount.id}` });
    expect(res.statusCode, res.body).toBe(204);
    await eventually('A to drop Bob', async () => ((await followersOfAnn()) === 0 ? true : undefined));
    const account = (await onB({ url: `/api/federation/accounts/${annAccount.id}` })).json() as RemoteAccount;
    expect(account.followState).toBeNull();
  }, 120_000);
});
