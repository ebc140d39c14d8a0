import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../settings.mjs';
import { type Account, authHeaders, createAccount, expiredToken } from './support/accounts';
import { publishPost } from './support/content';
import {
  filled,
  type ScreenCheck,
  type ScreenData,
  type Seen,
  SPEC_SCREENS,
  type Viewer,
  type Width,
} from './support/spec-screens';

/**
 * Walks every screen of support/spec-screens.ts as the viewer its row names, at both widths and in
 * both themes, and checks that everything the row lists is visible. The data is created once, through
 * the API; each viewer keeps one browser context, and the width and the theme change in place.
 */

const SIZES: Record<Width, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};
const THEMES = ['light', 'dark'] as const;

// A walk visits a dozen screens four ways each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** A made-up word no other test writes, so the search totals are exactly what this file created. */
const madeUpWord = (start: string) =>
  `${start}${Array.from({ length: 5 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

type Accounts = Record<'owner' | 'member' | 'newcomer', Account>;

async function createData(api: APIRequestContext): Promise<{ data: ScreenData; accounts: Accounts }> {
  const word = madeUpWord('Spc');
  const owner = await createAccount(api, `${word} Owner`);
  const member = await createAccount(api, `${word} Member`);
  const newcomer = await createAccount(api, 'Nia Newcomer', { newcomer: true });
  const postTitle = `${word} first notes`;
  const post = await publishPost(api, owner, postTitle);
  const topicTitle = 'Ownership';
  const resourceTitle = 'The ownership chapter';
  const planTitle = `${word} systems plan`;
  const planResponse = await api.post('/api/learning-plans', {
    headers: authHeaders(owner),
    data: {
      title: planTitle,
      description: 'Memory safety without a collector.',
      category: 'PROGRAMMING',
      isPublic: true,
      estimatedDays: 30,
      topics: [
        {
          title: topicTitle,
          orderIndex: 0,
          resources: [
            { title: resourceTitle, url: 'https://example.com/ownership', type: 'BOOK', orderIndex: 0 },
          ],
        },
      ],
    },
  });
  expect(planResponse.status(), await planResponse.text()).toBe(201);
  const plan = await planResponse.json();

  // Eleven unread notifications for the owner: one follow and ten comments, so the badge says '9+'.
  const follow = await api.post(`/api/users/${owner.id}/follow`, { headers: authHeaders(member) });
  expect(follow.ok(), await follow.text()).toBe(true);
  for (let i = 1; i <= 10; i++) {
    const comment = await api.post(`/api/posts/${post.id}/comments`, {
      headers: authHeaders(member),
      data: { content: `Comment number ${i}` },
    });
    expect(comment.status(), await comment.text()).toBe(201);
  }

  return {
    accounts: { owner, member, newcomer },
    data: {
      word,
      unknownWord: madeUpWord('Qxj'),
      ownerId: String(owner.id),
      ownerName: owner.name,
      ownerEmail: owner.email,
      memberName: member.name,
      newcomerId: String(newcomer.id),
      newcomerName: newcomer.name,
      newcomerEmail: newcomer.email,
      newcomerToken: newcomer.token,
      postId: String(post.id),
      postTitle,
      planId: String(plan.id),
      planTitle,
      topicTitle,
      resourceTitle,
    },
  };
}

function locate(page: Page, seen: Seen, data: ScreenData) {
  const located =
    'role' in seen
      ? page.getByRole(seen.role, { name: filled(seen.name, data), exact: true })
      : 'text' in seen
        ? page.getByText(filled(seen.text, data), { exact: true })
        : page.getByText(filled(seen.textPart, data));
  // The same name may be on a control hidden at this width (the desktop bar's links on a phone).
  return located.filter({ visible: true }).first();
}

const described = (seen: Seen) =>
  'role' in seen ? `${seen.role} "${seen.name}"` : `"${'text' in seen ? seen.text : seen.textPart}"`;

async function open(page: Page, row: ScreenCheck) {
  if (row.opening === 'user menu') await page.getByRole('button', { name: 'Open user menu' }).click();
  if (row.opening === 'mobile menu') await page.getByRole('button', { name: 'Main menu' }).click();
  if (row.opening === 'learning progress')
    await page.getByRole('checkbox', { name: 'Share how far I got' }).check();
}

/**
 * Every row of `viewer`, at each of its widths and in both themes. `beforeVisit` runs before each
 * visit (an expired session is expired again, since the first visit ends it).
 */
async function walk(page: Page, viewer: Viewer, data: ScreenData, beforeVisit?: () => Promise<void>) {
  const rows = SPEC_SCREENS.filter((row) => row.viewer === viewer);
  expect(rows.length, `rows for ${viewer}`).toBeGreaterThan(0);
  for (const row of rows) {
    for (const width of row.width ? [row.width] : (['desktop', 'phone'] as const)) {
      await page.setViewportSize(SIZES[width]);
      await beforeVisit?.();
      await page.goto(filled(row.path, data), { waitUntil: 'domcontentloaded' });
      if (row.landsOn) await expect(page).toHaveURL((url) => url.pathname === row.landsOn);
      await open(page, row);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        const html = page.locator('html');
        await (theme === 'dark'
          ? expect(html).toHaveClass(/\bdark\b/)
          : expect(html).not.toHaveClass(/\bdark\b/));
        // All at once: each waits for its own element, and the row costs the time of the slowest.
        await Promise.all(
          row.see.map(async (seen) => {
            const what = `${row.screen} (${width}, ${theme}): ${described(seen)}`;
            const located = locate(page, seen, data);
            await expect(located, what).toBeVisible();
            for (const [name, value] of Object.entries(('attributes' in seen && seen.attributes) || {})) {
              await expect(located, `${what}, ${name}`).toHaveAttribute(name, value);
            }
          }),
        );
      }
    }
  }
}

/** A page signed in with `token` (or signed out without), as after an earlier visit in this browser. */
async function pageAs(context: BrowserContext, token?: string) {
  if (token) {
    // Stored once: signing out (or an expired session ending) must not bring it back on the next load.
    await context.addInitScript((stored) => {
      if (window.sessionStorage.getItem('spec-signed-in')) return;
      window.localStorage.setItem('authToken', stored);
      window.sessionStorage.setItem('spec-signed-in', '1');
    }, token);
  }
  return context.newPage();
}

let data: ScreenData;
let accounts: Accounts;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  ({ data, accounts } = await createData(api));
  await api.dispose();
});

test('signed out: the sign-in screens, the session messages and the social sign-in callback', async ({
  context,
}) => {
  const page = await pageAs(context);
  await walk(page, 'visitor', data);
});

test('signed in with an expired session: back to sign-in, saying so', async ({ page }) => {
  const token = await expiredToken(accounts.newcomer.id);
  await walk(page, 'expired', data, async () => {
    await page.goto('/login');
    await page.evaluate((expired) => window.localStorage.setItem('authToken', expired), token);
  });
});

test('signed in with no data: every screen, its menus and its empty states', async ({ context }) => {
  const page = await pageAs(context, accounts.newcomer.token);
  await walk(page, 'newcomer', data);
});

test('with data, as its owner: the badge, the figures and the owner’s controls', async ({ context }) => {
  const page = await pageAs(context, accounts.owner.token);
  await walk(page, 'owner', data);
});

test('with data, as another member: search, a profile to follow and no one else’s edit', async ({
  context,
}) => {
  const page = await pageAs(context, accounts.member.token);
  await walk(page, 'member', data);
});

test('the top bar appears whole: the user menu button is there the moment the bar is', async ({
  context,
}) => {
  const page = await pageAs(context, accounts.newcomer.token);
  await page.setViewportSize(SIZES.desktop);
  // Each script takes 400 ms more, as on a slow phone network: a piece loaded after the bar then
  // arrives visibly later than the bar.
  await page.route('**/assets/*.js', async (route) => {
    await sleep(400);
    await route.fallback();
  });
  // Watches every change of the page from its start, and notes whether the bar's first appearance
  // already had the user menu's button: one arriving later takes a click meant for what was there.
  await page.addInitScript(() => {
    const seen = { bar: false, menuWithBar: false };
    Object.assign(window, { firstBar: seen });
    new MutationObserver(() => {
      if (seen.bar) return;
      const post = Array.from(document.querySelectorAll('header a')).find((a) => a.textContent === '+ Post');
      if (!post) return;
      seen.bar = true;
      seen.menuWithBar = document.querySelector('header button[aria-label="Open user menu"]') !== null;
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstBar: unknown }).firstBar)).toEqual({
    bar: true,
    menuWithBar: true,
  });
});
