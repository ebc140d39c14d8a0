import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type LearningPlan,
  type Page,
  PLAN_MESSAGES,
  POST_MESSAGES,
  type Post,
  type RestrictedUser,
  USER_MESSAGES,
} from '@pathwise/contract';
import { asc, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createServerDatabase, migrationsFolder, serverUrl } from './helpers/database.js';
import { createPlan, planBody } from './helpers/plans.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';
import { addComment } from './helpers/social.js';

let t: TestApp;
beforeAll(async () => {
  // The full reads' statements are counted here; test/page-cache.test.ts counts those of kept pages.
  t = await createTestApp({ config: { pageCache: false } });
});
afterAll(() => t.close());

const call = (account: TestAccount, request: InjectOptions) =>
  t.app.inject({ ...request, headers: bearer(account.token) });
const get = async (account: TestAccount, url: string) => {
  const res = await call(account, { url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const send = (account: TestAccount, method: InjectOptions['method'], url: string, payload?: object) =>
  call(account, { method, url, ...(payload && { payload }) });

let people = 0;
/** A new person with a name unique to this run, so searches find only them. */
const person = (first: string) => signUp(t, { name: `${first} Zq${++people}x` });

const ids = (page: { content: { id: number }[] }) => page.content.map((item) => item.id);

async function restrict(account: TestAccount, kind: 'block' | 'mute', target: number, on = true) {
  const res = await send(account, on ? 'PUT' : 'DELETE', `/api/users/${target}/${kind}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual(kind === 'block' ? { isBlocked: on } : { isMuted: on });
}

describe('privacy: "Show my e-mail address to others"', () => {
  /** Every response about `whom` that carries an e-mail address, as `viewer` gets it. */
  async function emailsOf(viewer: TestAccount, whom: TestAccount, follower: TestAccount) {
    const name = whom.user.name;
    const search = await get(viewer, `/api/search?query=${encodeURIComponent(name)}`);
    const followers = await get(viewer, `/api/users/${follower.user.id}/following`);
    const following = await get(viewer, `/api/users/${follower.user.id}/followers`);
    const pick = (page: { content: { id: number; email: string | null }[] }) =>
      page.content.find((item) => item.id === whom.user.id)?.email;
    return {
      profile: (await get(viewer, `/api/users/${whom.user.id}`)).email,
      following: pick(followers),
      followers: pick(following),
      search: pick(search.users),
    };
  }

  it('is off by default: every route answering about the user gives others email: null until turned on', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    // Ann follows Cat and Cat follows Ann: Ann is in Cat's following and followers lists.
    await send(ann, 'POST', `/api/users/${cat.user.id}/follow`);
    await send(cat, 'POST', `/api/users/${ann.user.id}/follow`);

    expect(await get(ann, '/api/users/me/privacy')).toEqual({
      showEmail: false,
      showProfileToVisitors: false,
      showLearningCalendar: false,
    });
    const shown = ann.user.email;
    const hidden = { profile: null, following: null, followers: null, search: null };
    expect(await emailsOf(bob, ann, cat)).toEqual(hidden);

    const on = await send(ann, 'PUT', '/api/users/me/privacy', { showEmail: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ showEmail: true, showProfileToVisitors: false, showLearningCalendar: false });
    expect(await emailsOf(bob, ann, cat)).toEqual({
      profile: shown,
      following: shown,
      followers: shown,
      search: shown,
    });

    const res = await send(ann, 'PUT', '/api/users/me/privacy', { showEmail: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      showEmail: false,
      showProfileToVisitors: false,
      showLearningCalendar: false,
    });
    expect(await emailsOf(bob, ann, cat)).toEqual(hidden);
    // The user themself still sees it everywhere.
    expect(await emailsOf(ann, ann, cat)).toEqual({
      profile: shown,
      following: shown,
      followers: shown,
      search: shown,
    });
    expect((await get(ann, '/api/auth/me')).email).toBe(shown);
    // Others' addresses stay hidden (Bob never turned his on).
    expect((await get(ann, `/api/users/${bob.user.id}`)).email).toBeNull();
  });

  it('is turned off for existing accounts by the migration that made it off by default', async () => {
    // The migrations folder as it was before: every migration up to the one that hides addresses.
    const before = mkdtempSync(path.join(tmpdir(), 'pw-migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const hidingIndex = journal.entries.findIndex((entry: { tag: string }) =>
      entry.tag.endsWith('_email_hidden_by_default'),
    );
    expect(hidingIndex).toBeGreaterThan(0);
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, hidingIndex) }),
    );

    const server = serverUrl ? await createServerDatabase(serverUrl) : undefined;
    const database = await openDatabase({ url: server?.url });
    try {
      await database.migrate(before);
      await database.db.execute(
        sql`insert into users (name, handle, email) values ('Old One', 'oldone', 'old1@example.com')`,
      );
      await database.db.execute(
        sql`insert into users (name, handle, email, show_email)
          values ('Old Two', 'oldtwo', 'old2@example.com', false)`,
      );

      await database.migrate(migrationsFolder);
      await database.db.execute(
        sql`insert into users (name, handle, email) values ('New', 'newone', 'new@example.com')`,
      );

      const rows = await database.db
        .select({ showEmail: users.showEmail })
        .from(users)
        .orderBy(asc(users.id));
      expect(rows.map((row) => row.showEmail)).toEqual([false, false, false]);
    } finally {
      await database.close();
      await server?.drop();
    }
  });

  it('never lets search match an e-mail address', async () => {
    const ann = await signUp(t, { name: 'Quiet Person', email: `plumtree${process.pid}@example.com` });
    const bob = await person('Bob');
    const found = await get(bob, `/api/search?query=plumtree${process.pid}`);
    expect(ids(found.users)).not.toContain(ann.user.id);
  });

  it('refuses a setting that is not true or false, with a message', async () => {
    const ann = await person('Ann');
    for (const body of [{ showEmail: 'no' }, {}, { showEmail: null }]) {
      const res = await send(ann, 'PUT', '/api/users/me/privacy', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/showEmail/);
    }
    expect(await get(ann, '/api/users/me/privacy')).toEqual({
      showEmail: false,
      showProfileToVisitors: false,
      showLearningCalendar: false,
    });
  });
});

describe('blocking', () => {
  it('ends follows both ways with exact counts, and refuses following across the block either way', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    await send(ann, 'POST', `/api/users/${bob.user.id}/follow`);
    await send(bob, 'POST', `/api/users/${ann.user.id}/follow`);

    await restrict(ann, 'block', bob.user.id);
    await restrict(ann, 'block', bob.user.id);
    const annNow = await get(ann, `/api/users/${ann.user.id}`);
    expect(annNow).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await get(ann, `/api/users/${bob.user.id}`)).toMatchObject({
      followersCount: 0,
      followingCount: 0,
      isBlocked: true,
      isMuted: false,
      isCurrentUserFollowing: false,
    });
    expect((await get(ann, `/api/users/${ann.user.id}/followers`)).content).toEqual([]);
    // Bob's view of Ann says nothing about the block.
    expect(await get(bob, `/api/users/${ann.user.id}`)).toMatchObject({ isBlocked: false, isMuted: false });

    for (const [who, whom] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const res = await send(who, 'POST', `/api/users/${whom.user.id}/follow`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(USER_MESSAGES.cannotFollowBlocked);
    }
    expect(await get(bob, `/api/users/${ann.user.id}`)).toMatchObject({ followersCount: 0 });

    await restrict(ann, 'block', bob.user.id, false);
    const again = await send(bob, 'POST', `/api/users/${ann.user.id}/follow`);
    expect(again.json()).toEqual({ isFollowing: true, followersCount: 1 });
  });

  it("hides each side's posts and plans from the other everywhere, and refuses likes and comments", async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const annPost = await createPost(t, ann.token, { title: `Zebra notes ${people}` });
    const bobPost = await createPost(t, bob.token, { title: `Zebra notes ${people}` });
    const annPlan = await createPlan(t, ann.token, { title: `Zebra path ${people}` });
    const bobPlan = await createPlan(t, bob.token, { title: `Zebra path ${people}` });
    const feedBefore = await get(bob, '/api/posts?size=50');

    await restrict(ann, 'block', bob.user.id);

    for (const [viewer, other, post, plan] of [
      [bob, ann, annPost, annPlan],
      [ann, bob, bobPost, bobPlan],
    ] as const) {
      const feed = await get(viewer, '/api/posts?size=50');
      expect(ids(feed)).not.toContain(post.id);
      expect((await get(viewer, `/api/posts/user/${other.user.id}`)).totalElements).toBe(0);
      expect((await get(viewer, `/api/learning-plans/user/${other.user.id}`)).totalElements).toBe(0);
      expect(ids(await get(viewer, '/api/learning-plans/public?size=50'))).not.toContain(plan.id);
      const found = await get(viewer, `/api/search?query=${encodeURIComponent(`Zebra ${people}`)}`);
      expect(ids(found.posts)).not.toContain(post.id);
      expect(ids(found.learningPlans)).not.toContain(plan.id);
      expect((await get(viewer, `/api/users/${other.user.id}/activities`)).content).toEqual([]);
      for (const url of [
        `/api/posts/${post.id}`,
        `/api/learning-plans/${plan.id}`,
        `/api/posts/${post.id}/comments`,
      ]) {
        const res = await call(viewer, { url });
        expect(res.statusCode, url).toBe(404);
      }
      const like = await send(viewer, 'POST', `/api/posts/${post.id}/like`);
      expect(like.statusCode).toBe(404);
      expect(like.json().message).toBe(POST_MESSAGES.postNotFound);
      const comment = await send(viewer, 'POST', `/api/posts/${post.id}/comments`, { content: 'Hi' });
      expect(comment.statusCode).toBe(404);
      const save = await send(viewer, 'PUT', `/api/saved/posts/${post.id}`);
      expect(save.statusCode).toBe(404);
      const topic = plan.topics[0]!.id;
      const progress = await send(
        viewer,
        'PATCH',
        `/api/learning-plans/${plan.id}/topics/${topic}/user-progress?status=IN_PROGRESS`,
      );
      expect(progress.statusCode).toBe(404);
      // The profile stays reachable (to unblock from it).
      expect((await call(viewer, { url: `/api/users/${other.user.id}` })).statusCode).toBe(200);
    }
    // The feed's total is exact: Ann's posts are gone from Bob's count, and only those.
    expect((await get(bob, '/api/posts?size=50')).totalElements).toBe(feedBefore.totalElements - 1);
    expect((await get(bob, '/api/posts?page=99&size=50')).totalElements).toBe(feedBefore.totalElements - 1);

    await restrict(ann, 'block', bob.user.id, false);
    expect((await call(bob, { url: `/api/posts/${annPost.id}` })).statusCode).toBe(200);
    expect(ids(await get(bob, '/api/posts?size=50'))).toContain(annPost.id);
  });

  it("answers a change to the other side's posts, comments, plans and notes 404 as a read does, both ways", async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const catPost = await createPost(t, cat.token);
    const things = new Map<TestAccount, { post: Post; comment: number; onCat: number; plan: LearningPlan }>();
    for (const account of [ann, bob]) {
      const post = await createPost(t, account.token);
      things.set(account, {
        post,
        comment: (await addComment(t, account, post.id, 'Mine')).id,
        onCat: (await addComment(t, account, catPost.id, 'On Cat')).id,
        plan: await createPlan(t, account.token),
      });
    }

    await restrict(ann, 'block', bob.user.id);

    for (const [viewer, owner] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const { post, comment, onCat, plan } = things.get(owner)!;
      const topic = plan.topics[0]!.id;
      const notFound = async (request: InjectOptions, message: string) => {
        const res = await call(viewer, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(res.json().message, `${request.method} ${request.url}`).toBe(message);
      };
      const read = await call(viewer, { url: `/api/posts/${post.id}` });
      expect(read.json()).toMatchObject({ statusCode: 404, message: POST_MESSAGES.postNotFound });
      const edit = await sendPost(t, viewer.token, [postPart(validPost)], {
        method: 'PUT',
        url: `/api/posts/${post.id}`,
      });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe(POST_MESSAGES.postNotFound);
      await notFound({ method: 'DELETE', url: `/api/posts/${post.id}` }, POST_MESSAGES.postNotFound);
      for (const id of [comment, onCat]) {
        await notFound(
          { method: 'PUT', url: `/api/comments/${id}`, payload: { content: 'Edited' } },
          POST_MESSAGES.commentNotFound,
        );
        await notFound({ method: 'DELETE', url: `/api/comments/${id}` }, POST_MESSAGES.commentNotFound);
      }
      const planRead = await call(viewer, { url: `/api/learning-plans/${plan.id}` });
      expect(planRead.json()).toMatchObject({ statusCode: 404, message: PLAN_MESSAGES.planNotFound });
      await notFound(
        { method: 'PUT', url: `/api/learning-plans/${plan.id}`, payload: planBody() },
        PLAN_MESSAGES.planNotFound,
      );
      await notFound({ method: 'DELETE', url: `/api/learning-plans/${plan.id}` }, PLAN_MESSAGES.planNotFound);
      await notFound(
        {
          method: 'POST',
          url: `/api/learning-plans/${plan.id}/topics/${topic}/resources`,
          payload: { title: 'More', type: 'ARTICLE', url: 'https://example.com/more' },
        },
        PLAN_MESSAGES.planNotFound,
      );
      await notFound({ url: `/api/learning-plans/${plan.id}/notes` }, PLAN_MESSAGES.planNotFound);
      await notFound(
        {
          method: 'PUT',
          url: `/api/learning-plans/${plan.id}/topics/${topic}/note`,
          payload: { content: 'Hm' },
        },
        PLAN_MESSAGES.planNotFound,
      );
    }
    // Nothing was changed, and after the block each side changes its own things as before.
    await restrict(ann, 'block', bob.user.id, false);
    const { post, comment, plan } = things.get(ann)!;
    expect((await get(bob, `/api/posts/${post.id}`)).title).toBe(post.title);
    expect((await get(bob, `/api/learning-plans/${plan.id}`)).title).toBe(plan.title);
    const refused = await send(bob, 'DELETE', `/api/comments/${comment}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POST_MESSAGES.cannotDeleteComment);
  });

  it("hides a blocked user's comments, mentions and earlier notifications, both ways", async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const catPost = await createPost(t, cat.token);
    const annPost = await createPost(t, ann.token);
    await send(bob, 'POST', `/api/posts/${catPost.id}/comments`, { content: 'From Bob' });
    await send(ann, 'POST', `/api/posts/${catPost.id}/comments`, { content: 'From Ann' });
    await send(bob, 'POST', `/api/posts/${annPost.id}/like`);
    expect((await get(ann, '/api/notifications')).totalElements).toBe(1);

    await restrict(ann, 'block', bob.user.id);

    const comments = await get(ann, `/api/posts/${catPost.id}/comments`);
    expect(comments.content.map((c: { content: string }) => c.content)).toEqual(['From Ann']);
    expect(comments.totalElements).toBe(1);
    expect((await get(cat, `/api/posts/${catPost.id}/comments`)).totalElements).toBe(2);
    // The like's notification from before the block is gone, and a mention makes none.
    expect(await get(ann, '/api/notifications')).toMatchObject({ totalElements: 0, content: [] });
    expect(await get(ann, '/api/notifications/unread/count')).toBe(0);
    await createPost(t, bob.token, { title: 'Hello there', content: `Hi @${ann.user.handle}` });
    await createPost(t, ann.token, { title: 'Hello there', content: `Hi @${bob.user.handle}` });
    expect((await get(ann, '/api/notifications')).totalElements).toBe(0);
    expect((await get(bob, '/api/notifications')).totalElements).toBe(0);
  });

  it('answers 400 for yourself and a malformed id, 404 for an unknown one, with messages', async () => {
    const ann = await person('Ann');
    for (const kind of ['block', 'mute'] as const) {
      const self = await send(ann, 'PUT', `/api/users/${ann.user.id}/${kind}`);
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(
        kind === 'block' ? USER_MESSAGES.cannotBlockSelf : USER_MESSAGES.cannotMuteSelf,
      );
      for (const id of ['0', '-1', '2147483648', '99999999']) {
        const res = await send(ann, 'PUT', `/api/users/${id}/${kind}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe(USER_MESSAGES.notFound);
      }
      const malformed = await send(ann, 'DELETE', `/api/users/abc/${kind}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(USER_MESSAGES.invalidId);
    }
    for (const query of ['?size=0', '?page=-1', '?size=x']) {
      expect((await call(ann, { url: `/api/users/me/blocks${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('muting', () => {
  it("hides the muted user's posts and notifications from the muter only, silently", async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const bobPost = await createPost(t, bob.token, { title: `Walrus news ${people}` });
    const annPost = await createPost(t, ann.token);
    const before = await get(ann, '/api/posts?size=50');

    await restrict(ann, 'mute', bob.user.id);
    const feed = await get(ann, '/api/posts?size=50');
    expect(ids(feed)).not.toContain(bobPost.id);
    expect(feed.totalElements).toBe(before.totalElements - 1);
    const found = await get(ann, `/api/search?query=${encodeURIComponent(`Walrus ${people}`)}`);
    expect(ids(found.posts)).not.toContain(bobPost.id);
    // Visiting the muted person's profile still shows their posts (as on Mastodon).
    expect(ids(await get(ann, `/api/posts/user/${bob.user.id}`))).toEqual([bobPost.id]);
    expect(await get(ann, `/api/users/${bob.user.id}`)).toMatchObject({ isMuted: true, isBlocked: false });

    // Bob can still follow and like, and learns nothing; Ann is not notified.
    expect((await send(bob, 'POST', `/api/users/${ann.user.id}/follow`)).statusCode).toBe(200);
    expect((await send(bob, 'POST', `/api/posts/${annPost.id}/like`)).statusCode).toBe(200);
    expect(await get(bob, `/api/users/${ann.user.id}`)).toMatchObject({ isMuted: false, isBlocked: false });
    expect((await get(ann, '/api/notifications')).totalElements).toBe(0);
    // Others see Bob's post as before.
    expect(ids(await get(cat, '/api/posts?size=50'))).toContain(bobPost.id);

    await restrict(ann, 'mute', bob.user.id, false);
    expect(ids(await get(ann, '/api/posts?size=50'))).toContain(bobPost.id);
  });
});

describe('the Following feed, people to follow and grouped notifications', () => {
  it('leave out muted and blocked people', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    // Bob is the most followed person here, so he leads Ann's suggestions.
    for (const name of ['Fan', 'Fan', 'Fan', 'Fan']) {
      const fan = await person(name);
      await send(fan, 'POST', `/api/users/${bob.user.id}/follow`);
    }
    const suggested = async () => ids({ content: await get(ann, '/api/feed/suggestions') });
    expect(await suggested()).toContain(bob.user.id);
    await send(ann, 'POST', `/api/users/${bob.user.id}/follow`);
    const bobPost = await createPost(t, bob.token);
    const annPost = await createPost(t, ann.token);
    await send(bob, 'POST', `/api/posts/${annPost.id}/like`);
    const following = async () =>
      (await get(ann, '/api/feed/following')).content.map((item: { post?: { id: number } }) => item.post?.id);
    expect(await following()).toContain(bobPost.id);
    expect((await get(ann, '/api/notifications/groups')).totalElements).toBeGreaterThan(0);

    await restrict(ann, 'mute', bob.user.id);
    expect(await following()).not.toContain(bobPost.id);
    expect((await get(ann, '/api/feed/following')).totalElements).toBe(0);
    expect(await get(ann, '/api/notifications/groups')).toMatchObject({ totalElements: 0, content: [] });
    await send(ann, 'DELETE', `/api/users/${bob.user.id}/follow`);
    expect(await suggested()).not.toContain(bob.user.id);

    await restrict(ann, 'mute', bob.user.id, false);
    expect(await suggested()).toContain(bob.user.id);
    await restrict(bob, 'block', ann.user.id);
    expect(await suggested()).not.toContain(bob.user.id);
  });
});

describe('GET /api/users/me/blocks and /me/mutes', () => {
  it('list the people blocked or muted, newest first, in the same statements for one or many', async () => {
    const ann = await person('Ann');
    const others = [await person('One'), await person('Two'), await person('Three')];
    await restrict(ann, 'block', others[0]!.user.id);
    const one = await t.queries.count(() => call(ann, { url: '/api/users/me/blocks' }));
    for (const other of others.slice(1)) await restrict(ann, 'block', other.user.id);
    await restrict(ann, 'mute', others[1]!.user.id);

    const many = await t.queries.count(() => call(ann, { url: '/api/users/me/blocks' }));
    expect(many.statements).toBe(one.statements);
    expect(many.statements).toBe(1);
    const blocked: Page<RestrictedUser> = many.result.json();
    expect(blocked.totalElements).toBe(3);
    expect(blocked.content.map((user) => user.id)).toEqual(others.map((o) => o.user.id).reverse());
    expect(blocked.content[0]).toEqual({
      id: others[2]!.user.id,
      name: others[2]!.user.name,
      handle: others[2]!.user.handle,
      profilePicture: null,
      since: expect.any(String),
    });
    const muted = await get(ann, '/api/users/me/mutes');
    expect(ids(muted)).toEqual([others[1]!.user.id]);
    expect((await get(ann, '/api/users/me/mutes?page=3')).totalElements).toBe(1);
    // Nobody sees anyone else's lists: each is the caller's own.
    expect((await get(others[0]!, '/api/users/me/blocks')).totalElements).toBe(0);
  });

  it('keeps the feed, a profile, comments and notifications at a constant number of statements with blocks and mutes', async () => {
    const ann = await person('Ann');
    const urls = [
      '/api/posts',
      `/api/posts/user/${ann.user.id}`,
      '/api/notifications',
      '/api/learning-plans/public',
    ];
    const cost = async () => {
      const counts = [];
      for (const url of urls) counts.push((await t.queries.count(() => call(ann, { url }))).statements);
      return counts;
    };
    const before = await cost();
    for (let i = 0; i < 3; i++) {
      const other = await person('Other');
      await createPost(t, other.token);
      await restrict(ann, i % 2 ? 'mute' : 'block', other.user.id);
    }
    expect(await cost()).toEqual(before);
  });
});
