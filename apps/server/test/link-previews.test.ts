import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';
import { createPost, filePart, postPart, sendPost, validPost } from './helpers/posts.js';

const SITE = 'https://pathwise.example';
let t: TestApp;
let ann: TestAccount;
const webDistDir = mkdtempSync(path.join(tmpdir(), 'pathwise-web-'));
const indexHtml = path.join(webDistDir, 'index.html');

beforeAll(async () => {
  writeFileSync(
    indexHtml,
    '<!doctype html>\n<html lang="en">\n  <head>\n' +
      '    <meta name="description" content="Pathwise — learn." />\n' +
      '    <title>Pathwise</title>\n  </head>\n  ' +
      '<body><div id="root"></div></body>\n</html>\n',
  );
  t = await createTestApp({ webDistDir, config: { publicUrl: SITE } });
  ann = await signUp(t, { name: 'Ann Lee' });
});
afterAll(() => t.close());

/** The page as a crawler fetches it: no token, no cookies. */
async function page(url: string) {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', 'user-agent': 'Slackbot 1.0' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The content of a meta tag (property or name), unescaped as a browser would; undefined when absent. */
function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

describe('link previews of shared pages', () => {
  it('describes a public post: title, plain-text description, url, and a summary card', async () => {
    const post = await createPost(t, ann.token, {
      title: 'Learning **Rust** & friends',
      content:
        '# Day one\n\nI read [the book](https://doc.rust-lang.org/book/) and wrote:\n\n' +
        '```rust\nfn main() {}\n```\n\n- ownership\n- *borrowing*',
    });
    const html = await page(`/post/${post.id}`);

    expect(metaOf(html, 'og:title')).toBe('Learning **Rust** & friends');
    expect(metaOf(html, 'og:description')).toBe('Day one I read the book and wrote: ownership borrowing');
    expect(metaOf(html, 'og:url')).toBe(`${SITE}/post/${post.id}`);
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(metaOf(html, 'twitter:title')).toBe('Learning **Rust** & friends');
    // The tags sit in the head, and the rest of the page is the web app as ever.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it("gives a post's and a plan's page its canonical address, its own title and description, all escaped", async () => {
    const post = await createPost(t, ann.token, {
      title: 'Rust </title><script>x</script> & "more"',
      content: 'Ownership <b>first</b> & "borrowing"',
    });
    const plan = await createPlan(t, ann.token, { title: 'Plan <i>One</i>', description: 'Step & "step"' });

    const postPage = await page(`/post/${post.id}/?utm_source=chat`);
    expect(postPage).toContain(`<link rel="canonical" href="${SITE}/post/${post.id}" />`);
    expect(postPage).toContain(
      '<title>Rust &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; &amp; &quot;more&quot; · Pathwise</title>',
    );
    expect(postPage).toContain(
      '<meta name="description" content="Ownership &lt;b&gt;first&lt;/b&gt; &amp; &quot;borrowing&quot;" />',
    );
    expect(postPage).not.toContain('<script>');
    expect(postPage.match(/<title>/g)).toHaveLength(1);
    expect(postPage.match(/<meta name="description"/g)).toHaveLength(1);
    expect(postPage).not.toContain('application/atom+xml');

    const planPage = await page(`/learning-plan/${plan.id}`);
    expect(planPage).toContain(`<link rel="canonical" href="${SITE}/learning-plan/${plan.id}" />`);
    expect(planPage).toContain('<title>Plan &lt;i&gt;One&lt;/i&gt; · Pathwise</title>');
    expect(planPage).toContain('<meta name="description" content="Step &amp; &quot;step&quot;" />');
  });

  it("shows the cover its author chose instead of the post's first image", async () => {
    const post = await createPost(t, ann.token, {}, [filePart('photo.jpg'), filePart('small.png')]);
    const chosen = post.media[1]!;
    const url = `/api/posts/${post.id}`;
    const edited = await sendPost(t, ann.token, [postPart({ ...validPost, coverMediaId: chosen.id })], {
      method: 'PUT',
      url,
    });
    expect(edited.json()).toMatchObject({ coverMediaId: chosen.id, coverChosen: true });
    expect(metaOf(await page(`/post/${post.id}`), 'og:image')).toBe(chosen.fileUrl);
  });

  it("shows a post's first image, as an absolute URL, in a large card", async () => {
    const post = await createPost(t, ann.token, {}, [
      filePart('short.mp4'),
      filePart('photo.jpg'),
      filePart('small.png'),
    ]);
    const html = await page(`/post/${post.id}?utm_source=chat`);

    const image = post.media.find((media) => media.type === 'IMAGE')!;
    expect(image.fileUrl.startsWith(`${SITE}/api/media/`)).toBe(true);
    expect(metaOf(html, 'og:image')).toBe(image.fileUrl);
    expect(metaOf(html, 'twitter:image')).toBe(image.fileUrl);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('describes a public plan, cutting a long description at a word', async () => {
    const plan = await createPlan(t, ann.token, {
      title: 'Rust in 30 days',
      description: `${'Ownership and borrowing explained step by step. '.repeat(8)}The end.`,
    });
    const html = await page(`/learning-plan/${plan.id}`);

    expect(metaOf(html, 'og:title')).toBe('Rust in 30 days');
    const description = metaOf(html, 'og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/^(Ownership and borrowing explained step by step\. )+/);
    expect(description).toMatch(/ step\.…$/);
    expect(metaOf(html, 'og:url')).toBe(`${SITE}/learning-plan/${plan.id}`);
  });

  it('tells nothing about a private plan, a missing page or an id that is no id', async () => {
    const plan = await createPlan(t, ann.token, { title: 'My secret plan', isPublic: false });
    const own = await t.app.inject({ url: `/api/learning-plans/${plan.id}`, headers: bearer(ann.token) });
    expect(own.json().isPublic).toBe(false);
    const plain = readFileSync(indexHtml, 'utf8');

    for (const url of [
      `/learning-plan/${plan.id}`,
      `/learning-plan/${plan.id}/edit`,
      '/post/999999',
      '/learning-plan/999999',
      '/post/2147483648',
      '/post/99999999999999999999',
      '/post/abc',
      '/post/0',
      '/post/-1',
      '/post/1.5',
      '/profile/1',
    ]) {
      const html = await page(url);
      expect(html, url).toBe(plain);
      expect(html, url).not.toContain('My secret plan');
    }
  });

  it('tells nothing about what a moderator hid or a suspended author made, as the API does not', async () => {
    const moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
    const reader = await signUp(t, { name: 'Reader' });
    const cy = await signUp(t, { name: 'Cy Hidden' });
    const dee = await signUp(t, { name: 'Dee Suspended' });
    const hiddenPost = await createPost(t, cy.token, { title: 'Hidden post title' });
    const hiddenPlan = await createPlan(t, cy.token, { title: 'Hidden plan title' });
    const suspendedPost = await createPost(t, dee.token, { title: 'Suspended post title' });
    const suspendedPlan = await createPlan(t, dee.token, { title: 'Suspended plan title' });
    const asModerator = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: { reason: 'Spam' }, headers: bearer(moderator.token) });
    expect((await asModerator(`/api/moderation/posts/${hiddenPost.id}/hide`)).statusCode).toBe(204);
    expect((await asModerator(`/api/moderation/plans/${hiddenPlan.id}/hide`)).statusCode).toBe(204);
    expect((await asModerator(`/api/moderation/users/${dee.user.id}/suspend`)).statusCode).toBe(200);
    const plain = readFileSync(indexHtml, 'utf8');

    for (const [pageUrl, api] of [
      [`/post/${hiddenPost.id}`, `/api/posts/${hiddenPost.id}`],
      [`/learning-plan/${hiddenPlan.id}`, `/api/learning-plans/${hiddenPlan.id}`],
      [`/post/${suspendedPost.id}`, `/api/posts/${suspendedPost.id}`],
      [`/learning-plan/${suspendedPlan.id}`, `/api/learning-plans/${suspendedPlan.id}`],
    ] as const) {
      expect((await t.app.inject({ url: api, headers: bearer(reader.token) })).statusCode, api).toBe(404);
      const html = await page(pageUrl);
      expect(html, pageUrl).toBe(plain);
      expect(html, pageUrl).not.toMatch(/Hidden|Suspended/);
    }

    // Lifting the suspension brings the previews back.
    expect((await asModerator(`/api/moderation/users/${dee.user.id}/unsuspend`)).statusCode).toBe(200);
    expect(metaOf(await page(`/post/${suspendedPost.id}`), 'og:title')).toBe('Suspended post title');
    expect(metaOf(await page(`/learning-plan/${suspendedPlan.id}`), 'og:title')).toBe('Suspended plan title');
  });

  it('describes content whose author blocked someone: a preview is fetched by no one in particular', async () => {
    const blocker = await signUp(t, { name: 'Blocker' });
    const blocked = await signUp(t, { name: 'Blocked' });
    const post = await createPost(t, blocker.token, { title: 'Still shared' });
    const plan = await createPlan(t, blocker.token, { title: 'Still shared plan' });
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${blocked.user.id}/block`,
      headers: bearer(blocker.token),
    });
    expect(block.statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(blocked.token) });
    expect(read.statusCode).toBe(404);

    expect(metaOf(await page(`/post/${post.id}`), 'og:title')).toBe('Still shared');
    expect(metaOf(await page(`/learning-plan/${plan.id}`), 'og:title')).toBe('Still shared plan');
  });

  it('escapes everything it writes into the page', async () => {
    const post = await createPost(t, ann.token, {
      title: `"><script>alert('x')</script> & <b>`,
      content: `Try "quotes" & <img src=x onerror=alert(1)> here`,
    });
    const html = await page(`/post/${post.id}`);

    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      'content="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;"',
    );
    expect(metaOf(html, 'og:title')).toBe(`"><script>alert('x')</script> & <b>`);
    expect(metaOf(html, 'og:description')).toBe('Try "quotes" & <img src=x onerror=alert(1)> here');
  });

  it('reads one row for a preview', async () => {
    const post = await createPost(t, ann.token, {}, [filePart('photo.jpg')]);
    const plan = await createPlan(t, ann.token);
    for (const url of [`/post/${post.id}`, `/learning-plan/${plan.id}`]) {
      const { statements } = await t.queries.count(() => page(url));
      expect(statements, url).toBe(1);
    }
  });
});

describe('link previews without PUBLIC_URL', () => {
  it("uses the request's own origin, as media URLs do", async () => {
    const local = await createTestApp({ webDistDir });
    try {
      const bob = await signUp(local, { name: 'Bob Ray' });
      const post = await createPost(local, bob.token, {}, [filePart('photo.jpg')]);
      const res = await local.app.inject({ url: `/post/${post.id}`, headers: { host: 'pathwise.test' } });

      expect(metaOf(res.body, 'og:url')).toBe(`http://pathwise.test/post/${post.id}`);
      expect(metaOf(res.body, 'og:image')).toMatch(/^http:\/\/pathwise\.test\/api\/media\//);
    } finally {
      await local.close();
    }
  });
});

describe('link previews of profiles', () => {
  it('describe, with PUBLIC_READING on, the profile of someone who shows it to visitors, at /@handle and /profile/{id}', async () => {
    const reading = await createTestApp({ webDistDir, config: { publicUrl: SITE, publicReading: true } });
    try {
      const cat = await signUp(reading, { name: 'Cat <Ray>' });
      const dan = await signUp(reading, { name: 'Dan Hidden' });
      const show = (account: TestAccount) =>
        reading.app.inject({
          method: 'PUT',
          url: '/api/users/me/privacy',
          headers: bearer(account.token),
          payload: { showProfileToVisitors: true },
        });
      await reading.app.inject({
        method: 'PUT',
        url: `/api/users/${cat.user.id}`,
        headers: bearer(cat.token),
        payload: { name: 'Cat <Ray>', email: cat.user.email, bio: 'Learning **Go** & Rust' },
      });
      const plain = readFileSync(indexHtml, 'utf8');
      const visit = async (url: string) =>
        (await reading.app.inject({ url, headers: { accept: 'text/html' } })).body;
      // Before Cat chooses to show her profile, a preview tells nothing.
      expect(await visit(`/@${cat.user.handle}`)).toBe(plain);

      expect((await show(cat)).statusCode).toBe(200);
      for (const url of [`/@${cat.user.handle}`, `/profile/${cat.user.id}`]) {
        const html = await visit(url);
        expect(metaOf(html, 'og:title'), url).toBe(`Cat <Ray> (@${cat.user.handle})`);
        expect(metaOf(html, 'og:description'), url).toBe('Learning Go & Rust');
        expect(metaOf(html, 'og:url'), url).toBe(`${SITE}/@${cat.user.handle}`);
        // Canonical at /@handle whichever address was opened, with the feed of her posts for feed readers.
        expect(html, url).toContain(`<link rel="canonical" href="${SITE}/@${cat.user.handle}" />`);
        expect(html, url).toContain(
          '<link rel="alternate" type="application/atom+xml" ' +
            `title="Cat &lt;Ray&gt; (@${cat.user.handle}) on Pathwise" ` +
            `href="${SITE}/@${cat.user.handle}/feed.xml" />`,
        );
        expect(html, url).toContain(`<title>Cat &lt;Ray&gt; (@${cat.user.handle}) · Pathwise</title>`);
        expect(html).not.toContain(cat.user.email);
      }
      for (const url of [`/@${dan.user.handle}`, `/profile/${dan.user.id}`, '/@nobody_here', '/profile/0']) {
        expect(await visit(url), url).toBe(plain);
      }
      // A tag's page, used or not, names itself and its feed; a malformed one gets the plain page.
      const tagPage = await visit('/tags/TypeScript');
      expect(tagPage).toContain(`<link rel="canonical" href="${SITE}/tags/typescript" />`);
      expect(tagPage).toContain(
        '<link rel="alternate" type="application/atom+xml" title="#typescript on Pathwise" ' +
          `href="${SITE}/tags/typescript/feed.xml" />`,
      );
      expect(tagPage).toContain('<title>#typescript · Pathwise</title>');
      expect(await visit('/tags/a')).toBe(plain);
    } finally {
      await reading.close();
    }
  });

  it('tell nothing on an instance without PUBLIC_READING, whatever the person chose', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/privacy',
      headers: bearer(ann.token),
      payload: { showProfileToVisitors: true },
    });
    const plain = readFileSync(indexHtml, 'utf8');
    expect(await page(`/@${ann.user.handle}`)).toBe(plain);
    expect(await page(`/profile/${ann.user.id}`)).toBe(plain);
    expect(await page('/tags/typescript')).toBe(plain);
  });
});
