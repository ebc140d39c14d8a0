import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { type Account, authHeaders, createAccount } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createPlan, publishPost } from './support/content';
import { READING_BASE_URL, startReadingServer } from './support/reading-server';

/**
 * Reading signed out (PUBLIC_READING, docs/product.md#decisions, 19) on a second server started with
 * the setting on, once for this file; the run's own server keeps the default, where the same links
 * lead to sign-in.
 */
let server: { stop: () => Promise<void> } | undefined;
let api: APIRequestContext;
let ann: Account;
let post: { id: number };
let plan: { id: number };
let annHandle: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startReadingServer();
  api = await playwrightRequest.newContext({ baseURL: READING_BASE_URL });
  ann = await createAccount(api, 'Ann Open');
  const shown = await api.put('/api/users/me/privacy', {
    headers: authHeaders(ann),
    data: { showProfileToVisitors: true },
  });
  expect(shown.ok(), await shown.text()).toBe(true);
  annHandle = (await (await api.get('/api/auth/me', { headers: authHeaders(ann) })).json()).handle;
  post = await publishPost(api, ann, 'Reading in the open');
  plan = await createPlan(api, ann, 'Open plan of Ann');
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const at = (path: string) => `${READING_BASE_URL}${path}`;
const topBar = (page: Page) => page.getByRole('banner').first();

test.describe('on an instance open to visitors', () => {
  test('a visitor reads a shared post, a plan and a profile by /@handle, offered "Sign in" and "Join"', async ({
    page,
  }) => {
    await page.goto(at(`/post/${post.id}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Reading in the open' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Join' })).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: /^Notifications/ })).toHaveCount(0);

    await page.goto(at(`/learning-plan/${plan.id}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Open plan of Ann' })).toBeVisible();

    await page.goto(at(`/@${annHandle}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Ann Open' })).toBeVisible();
    await expect(page.getByText(`@${annHandle}`)).toBeVisible();
  });

  test('a visitor reads Explore from the top bar, without people to follow', async ({ page }) => {
    const fan = await createAccount(api, 'Fay Explorer');
    const trending = await publishPost(api, ann, 'Trending for visitors');
    const liked = await api.post(`/api/posts/${trending.id}/like`, { headers: authHeaders(fan) });
    expect(liked.ok(), await liked.text()).toBe(true);

    await page.goto(at(`/post/${post.id}`));
    await topBar(page).getByRole('link', { name: 'Explore' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Trending posts' }).getByText('Trending for visitors'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'People to follow' })).toHaveCount(0);
  });

  test('Like asks a visitor to sign in, likes nothing, and signing in returns to the post', async ({
    page,
  }) => {
    const bob = await createAccount(api, 'Bob Visitor');
    await page.goto(at(`/post/${post.id}`));
    await page.getByRole('button', { name: 'Like, 0 likes' }).click();
    // The dialog element itself has no box (its panel is fixed): its heading is what shows.
    const prompt = page.getByRole('dialog', { name: 'Sign in to continue' });
    await expect(prompt.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    await prompt.getByRole('link', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(at('/login'));
    await page.getByLabel('Email address').fill(bob.email);
    await page.getByLabel('Password').fill(bob.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(at(`/post/${post.id}`));
    // Nothing was done on the visitor's behalf: the like is theirs to give now.
    await expect(page.getByRole('button', { name: 'Like, 0 likes' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('"Copy link" copies the canonical address and says "Link copied", at 1280 and 390 px', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: READING_BASE_URL });
    for (const [path, name] of [
      [`/post/${post.id}`, 'Reading in the open'],
      [`/@${annHandle}`, 'Ann Open'],
    ] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(at(path));
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await page.getByRole('button', { name: 'Copy link' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(at(path));
      }
    }
  });

  test("a profile links the feed of the person's posts, which a feed reader finds from the page too", async ({
    page,
    request,
  }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(at(`/@${annHandle}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Ann Open' })).toBeVisible();
      const feed = page.getByRole('link', { name: "Feed of Ann Open's posts (Atom)" });
      await expect(feed).toBeVisible();
      await expect(feed).toHaveAttribute('href', `/@${annHandle}/feed.xml`);
      // Reached by keyboard from the Share button before it.
      await page.getByRole('button', { name: 'Copy link' }).focus();
      await page.keyboard.press('Tab');
      await expect(feed).toBeFocused();
    }

    const html = await (await request.get(at(`/profile/${ann.id}`))).text();
    expect(html).toContain(`<link rel="canonical" href="${at(`/@${annHandle}`)}" />`);
    expect(html).toContain(`type="application/atom+xml" title="Ann Open (@${annHandle}) on Pathwise"`);
    const atom = await request.get(at(`/@${annHandle}/feed.xml`));
    expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = await atom.text();
    expect(xml).toContain('Reading in the open');
    expect(xml).toContain(`<link href="${at(`/post/${post.id}`)}"/>`);
    const robots = await (await request.get(at('/robots.txt'))).text();
    expect(robots).toContain(`Sitemap: ${at('/sitemap.xml')}`);
  });

  test('axe finds nothing serious in the visitor view, light and dark, at 1280 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const pages = [
          ['home', '/', 'Welcome to Pathwise'],
          ['plan', `/learning-plan/${plan.id}`, 'Open plan of Ann'],
          ['profile', `/@${annHandle}`, 'Ann Open'],
          ['hidden profile', '/@nobody_here', 'Sign in to see this profile'],
        ] as const;
        // Every page at full width; on a phone the post and its prompt, which hold every part they share.
        for (const [what, path, heading] of width === 1280 ? pages : []) {
          await page.goto(at(path));
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expectNoSeriousViolations(page, `${what} at ${width} px, ${scheme}`);
        }
        await page.goto(at(`/post/${post.id}`));
        await expect(page.getByRole('heading', { level: 1, name: 'Reading in the open' })).toBeVisible();
        await expectNoSeriousViolations(page, `post at ${width} px, ${scheme}`);
        await page.getByRole('button', { name: 'Sign in to comment' }).click();
        await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
        await expectNoSeriousViolations(page, `sign-in prompt at ${width} px, ${scheme}`);
      }
    }
  });
});

test.describe('on the default instance', () => {
  test('the same shared link leads a visitor to sign in', async ({ page, request }) => {
    const cy = await createAccount(request, 'Cy Closed');
    const closedPost = await publishPost(request, cy, 'Members only here');
    await page.goto(`/post/${closedPost.id}`);
    await expect(page).toHaveURL('/login');
    await page.goto(`/@${cy.name.toLowerCase().replace(' ', '')}`);
    await expect(page).toHaveURL('/login');
    // Crawlers are kept out, and there is no feed to subscribe to.
    expect(await (await request.get('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await request.get(`/@${cy.name.toLowerCase().replace(' ', '')}/feed.xml`)).status()).toBe(404);
  });
});
