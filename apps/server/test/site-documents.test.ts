import { Readable } from 'node:stream';
import { SITE_LIMITS, SITE_MESSAGES } from '@pathwise/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import Parser from 'rss-parser';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  visiblePlansIn,
  visiblePostsIn,
  visibleProfilesIn,
  visibleTagsIn,
} from '../src/modules/sitemap/sitemap.queries.js';
import { findFeedPosts, findTagFeedPosts } from '../src/modules/syndication/syndication.queries.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';

/** Feeds, robots.txt and the sitemap: what feed readers and crawlers get, always without a token. */
const SITE = 'https://pathwise.example';
let t: TestApp;
/** Shows her profile to visitors. */
let ann: TestAccount;
/** Does not. */
let bob: TestAccount;
let moderator: TestAccount;

const get = (url: string, app: TestApp = t) => app.app.inject({ url });
const feedParser = new Parser();
const parseFeed = async (xml: string) => feedParser.parseString(xml);

async function showToVisitors(account: TestAccount, app: TestApp = t) {
  const res = await app.app.inject({
    method: 'PUT',
    url: '/api/users/me/privacy',
    headers: bearer(account.token),
    payload: { showProfileToVisitors: true },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ config: { publicReading: true, publicUrl: SITE } });
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
  moderator = await signUp(t, { name: 'Moderator', email: MODERATOR_EMAIL });
  await showToVisitors(ann);
});
afterAll(() => t.close());

describe("a person's Atom feed", () => {
  it('holds their newest posts with title, absolute link, dates, author and category', async () => {
    const first = await createPost(t, ann.token, {
      title: 'Learning **Rust** & <friends>',
      content: '# Day one\n\nI read [the book](https://doc.rust-lang.org/book/) about ]]> and `<b>`.',
      category: 'PROGRAMMING',
    });
    const second = await createPost(t, ann.token, { title: 'Second post', category: 'MUSIC' });
    await createPost(t, bob.token, { title: 'Not of Ann' });

    const res = await get(`/@${ann.user.handle}/feed.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = await parseFeed(res.body);

    expect(feed.title).toBe(`Ann Lee (@${ann.user.handle}) on Pathwise`);
    expect(feed.link).toBe(`${SITE}/@${ann.user.handle}`);
    expect(res.body).toContain(`<link rel="self" href="${SITE}/@${ann.user.handle}/feed.xml"/>`);
    // Atom titles and summaries here are HTML: what a person typed arrives escaped, shown as typed.
    expect(feed.items.map((item) => item.title)).toEqual([
      'Second post',
      'Learning **Rust** &amp; &lt;friends&gt;',
    ]);
    expect(feed.items.map((item) => item.link)).toEqual([
      `${SITE}/post/${second.id}`,
      `${SITE}/post/${first.id}`,
    ]);
    expect(feed.items.map((item) => item.isoDate)).toEqual([second.updatedAt, first.updatedAt]);
    const [, item] = feed.items;
    expect(item!.author).toBe('Ann Lee');
    expect(item!.summary).toBe('Day one I read the book about ]]&gt; and &lt;b&gt;.');
    expect(res.body).toContain('<category label="Programming" term="PROGRAMMING"/>');
    expect(res.body).not.toContain(ann.user.email);
  });

  it('holds the newest 20 posts, in two statements whatever the count', async () => {
    const cat = await signUp(t, { name: 'Cat Many' });
    await showToVisitors(cat);
    for (let i = 1; i <= SITE_LIMITS.feedEntries + 2; i++)
      await createPost(t, cat.token, { title: `Post ${i}` });

    const { result, statements } = await t.queries.count(() => get(`/@${cat.user.handle}/feed.xml`));
    const feed = await parseFeed(result.body);
    expect(feed.items).toHaveLength(SITE_LIMITS.feedEntries);
    expect(feed.items[0]!.title).toBe(`Post ${SITE_LIMITS.feedEntries + 2}`);
    expect(feed.items.at(-1)!.title).toBe('Post 3');
    expect(statements).toBe(2);
  });

  it('finds the person by handle in any letter case, and an empty feed is still a feed', async () => {
    const dee = await signUp(t, { name: 'Dee Quiet' });
    await showToVisitors(dee);
    const res = await get(`/@${dee.user.handle.toUpperCase()}/feed.xml`);
    expect(res.statusCode).toBe(200);
    expect((await parseFeed(res.body)).items).toEqual([]);
  });

  it('is a 404 for a profile not shown to visitors, a suspended one and no one, and leaves hidden posts out', async () => {
    const sus = await signUp(t, { name: 'Sus Pended' });
    await showToVisitors(sus);
    await createPost(t, sus.token, { title: 'Of a suspended author' });
    const hidden = await createPost(t, ann.token, { title: 'Hidden by a moderator' });
    const moderate = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: bearer(moderator.token), payload: { reason: 'Spam' } });
    expect((await moderate(`/api/moderation/posts/${hidden.id}/hide`)).statusCode).toBe(204);
    expect((await moderate(`/api/moderation/users/${sus.user.id}/suspend`)).statusCode).toBe(200);

    for (const handle of [bob.user.handle, sus.user.handle, 'nobody_here']) {
      const res = await get(`/@${handle}/feed.xml`);
      expect(res.statusCode, handle).toBe(404);
      expect(res.json().message).toBe(SITE_MESSAGES.feedNotFound);
    }
    // Even a signed-in member gets the visitors' feed: it is the same document for everyone.
    const asMember = await t.app.inject({ url: `/@${bob.user.handle}/feed.xml`, headers: bearer(bob.token) });
    expect(asMember.statusCode).toBe(404);
    const annFeed = (await get(`/@${ann.user.handle}/feed.xml`)).body;
    expect(annFeed).not.toContain('Hidden by a moderator');
    const malformed = await get('/@a-b/feed.xml');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/handle/i);
  });
});

describe("a tag's Atom feed", () => {
  it('holds the newest posts with the tag anyone may read, by any author, in one statement', async () => {
    const gus = await signUp(t, { name: 'Gus Tagger' });
    const first = await createPost(t, gus.token, { title: 'Borrowing explained', tags: ['rust-feed'] });
    const second = await createPost(t, ann.token, {
      title: 'Lifetimes at last',
      tags: ['rust-feed', 'misc'],
    });
    const hidden = await createPost(t, gus.token, { title: 'Hidden with the tag', tags: ['rust-feed'] });
    await createPost(t, gus.token, { title: 'Another tag only', tags: ['go-feed'] });
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/posts/${hidden.id}/hide`,
      headers: bearer(moderator.token),
      payload: { reason: 'Spam' },
    });
    expect(hide.statusCode).toBe(204);

    const { result, statements } = await t.queries.count(() => get('/tags/Rust-Feed/feed.xml'));
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(statements).toBe(1);
    const feed = await parseFeed(result.body);
    expect(feed.title).toBe('#rust-feed on Pathwise');
    expect(feed.link).toBe(`${SITE}/tags/rust-feed`);
    expect(result.body).toContain(`<link rel="self" href="${SITE}/tags/rust-feed/feed.xml"/>`);
    expect(feed.items.map((item) => [item.title, item.link, item.author])).toEqual([
      ['Lifetimes at last', `${SITE}/post/${second.id}`, 'Ann Lee'],
      ['Borrowing explained', `${SITE}/post/${first.id}`, 'Gus Tagger'],
    ]);
    expect(result.body).not.toContain(gus.user.email);
  });

  it('is empty for a tag nobody used, and a malformed tag is a 400 naming the rule', async () => {
    const empty = await get('/tags/never-used-yet/feed.xml');
    expect(empty.statusCode).toBe(200);
    expect((await parseFeed(empty.body)).items).toEqual([]);
    const malformed = await get('/tags/a/feed.xml');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/tag/i);
  });
});

describe('robots.txt and the sitemap with PUBLIC_READING on', () => {
  it('robots.txt allows the pages, keeps crawlers off the API but its media, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      `User-agent: *\nAllow: /\nDisallow: /api/\nAllow: /api/media/\n\nSitemap: ${SITE}/sitemap.xml\n`,
    );
  });

  it('lists exactly what a visitor may read, with lastmod, one statement per section and per page', async () => {
    const eve = await signUp(t, { name: 'Eve Private' });
    const post = await createPost(t, eve.token, { title: 'Eve posts in public', tags: ['shown-tag'] });
    const publicPlan = await createPlan(t, eve.token, { title: 'Public plan', tags: ['plan-tag'] });
    const privatePlan = await createPlan(t, eve.token, {
      title: 'Private plan',
      isPublic: false,
      tags: ['private-only-tag'],
    });
    const hiddenPlan = await createPlan(t, ann.token, { title: 'Hidden plan', tags: ['hidden-only-tag'] });
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/plans/${hiddenPlan.id}/hide`,
      headers: bearer(moderator.token),
      payload: { reason: 'Spam' },
    });
    expect(hide.statusCode).toBe(204);

    const index = await t.queries.count(() => get('/sitemap.xml'));
    expect(index.result.statusCode).toBe(200);
    expect(index.result.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.statements).toBe(4);
    const pages = (await parseSitemapIndex(Readable.from([index.result.body]))).map((page) => page.url);
    expect(pages).toEqual([
      `${SITE}/sitemaps/posts-1.xml`,
      `${SITE}/sitemaps/plans-1.xml`,
      `${SITE}/sitemaps/profiles-1.xml`,
      `${SITE}/sitemaps/tags-1.xml`,
    ]);

    const urlsOf = async (url: string) => {
      const { result, statements } = await t.queries.count(() => get(url.replace(SITE, '')));
      expect(result.statusCode, url).toBe(200);
      expect(statements, url).toBe(1);
      return parseSitemap(Readable.from([result.body]));
    };
    const [posts, plans, profiles, tags] = await Promise.all(pages.map(urlsOf));

    const postUrls = posts!.map((item) => item.url);
    expect(postUrls).toContain(`${SITE}/post/${post.id}`);
    expect(postUrls).not.toContain(expect.stringMatching(/\/post\/\D/));
    const postEntry = posts!.find((item) => item.url === `${SITE}/post/${post.id}`)!;
    expect(new Date(postEntry.lastmod!).toISOString()).toBe(post.updatedAt);
    const planUrls = plans!.map((item) => item.url);
    expect(planUrls).toContain(`${SITE}/learning-plan/${publicPlan.id}`);
    expect(planUrls).not.toContain(`${SITE}/learning-plan/${privatePlan.id}`);
    expect(planUrls).not.toContain(`${SITE}/learning-plan/${hiddenPlan.id}`);
    // Only the profiles shown to visitors; Eve's posts and plans are readable, her profile is not.
    const profileUrls = profiles!.map((item) => item.url);
    expect(profileUrls).toContain(`${SITE}/@${ann.user.handle}`);
    expect(profileUrls).not.toContain(`${SITE}/@${eve.user.handle}`);
    expect(profileUrls).not.toContain(`${SITE}/@${bob.user.handle}`);
    expect(profiles!.every((item) => item.lastmod)).toBe(true);
    // Tags on something a visitor may read, dated by its newest change; never one only on hidden things.
    const tagUrls = tags!.map((item) => item.url);
    expect(tagUrls).toEqual(expect.arrayContaining([`${SITE}/tags/shown-tag`, `${SITE}/tags/plan-tag`]));
    expect(tagUrls).not.toContain(`${SITE}/tags/private-only-tag`);
    expect(tagUrls).not.toContain(`${SITE}/tags/hidden-only-tag`);
    const tagEntry = tags!.find((item) => item.url === `${SITE}/tags/shown-tag`)!;
    expect(new Date(tagEntry.lastmod!).toISOString()).toBe(post.updatedAt);
  });

  it('pages by id: a page past the last is a 404, and a malformed page a 400 naming what is wrong', async () => {
    for (const url of ['/sitemaps/posts-2.xml', '/sitemaps/posts-0.xml', '/sitemaps/plans-99999999999.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(SITE_MESSAGES.sitemapPageNotFound);
    }
    for (const [url, message] of [
      ['/sitemaps/people-1.xml', SITE_MESSAGES.sitemapSectionInvalid],
      ['/sitemaps/posts-x.xml', SITE_MESSAGES.sitemapPageInvalid],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});

describe('the statements behind feeds and sitemap pages', () => {
  it('read an index, not the whole table', async () => {
    // Enough rows that a sequential scan costs more than an index look-up.
    await t.db.execute(sql`
      insert into users (name, email, handle)
      select 'Many ' || n, 'many' || n || '@example.com', 'many_' || n from generate_series(1, 3000) n`);
    await t.db.execute(sql`
      insert into posts (author_id, title, content, category)
      select ${bob.user.id}, 'Many ' || n, 'Text', 'OTHER' from generate_series(1, 3000) n`);
    await t.db.execute(sql`
      insert into learning_plans (creator_id, title, description, category, estimated_days)
      select ${bob.user.id}, 'Many ' || n, 'Text', 'OTHER', 3 from generate_series(1, 3000) n`);
    for (const table of ['users', 'posts', 'learning_plans']) await t.db.execute(sql.raw(`analyze ${table}`));
    const planOf = async (query: SQLWrapper) =>
      ((await t.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    const range = { from: 1001, to: 1100 };

    expect(await planOf(visiblePostsIn(t.db, range))).toContain('posts_pkey');
    expect(await planOf(visiblePlansIn(t.db, range))).toContain('learning_plans_pkey');
    expect(await planOf(visibleProfilesIn(t.db, range))).toContain('users_pkey');
    expect(await planOf(visibleTagsIn(t.db, range))).toContain('tags_pkey');
    const tagFeedPlan = await planOf(findTagFeedPosts(t.db, 'many', SITE_LIMITS.feedEntries));
    // Either of the tag's indexes: by post, or by date (the Following tab's, which the planner may prefer).
    expect(tagFeedPlan).toMatch(/post_tags_tag_(post|created)_idx/);
    expect(tagFeedPlan).not.toMatch(/Seq Scan on (posts|post_tags|tags)/);
    // A newest-first index of posts (the author's, or the feed's with the author in it): no sort, no scan.
    const feedPlan = await planOf(findFeedPosts(t.db, bob.user.id, SITE_LIMITS.feedEntries));
    expect(feedPlan).toMatch(/Index Scan using posts_(author_created_at|created_at_id)_idx on posts/);
    expect(feedPlan).not.toMatch(/Seq Scan on posts|Sort Key: posts/);
  });
});

describe('with PUBLIC_READING off (the default)', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp();
  });
  afterAll(() => closed.close());

  it('robots.txt keeps every crawler out, and there is neither a sitemap nor a feed', async () => {
    const dan = await signUp(closed, { name: 'Dan Shown' });
    await showToVisitors(dan, closed);
    await createPost(closed, dan.token, { title: 'Members only' });

    const robots = await get('/robots.txt', closed);
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    const urls = [
      '/sitemap.xml',
      '/sitemaps/posts-1.xml',
      `/@${dan.user.handle}/feed.xml`,
      '/tags/any/feed.xml',
    ];
    for (const url of urls) {
      const res = await get(url, closed);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Members only');
    }
  });
});
