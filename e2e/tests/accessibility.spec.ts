import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolationsInBothThemes } from './support/axe';
import { createPlan } from './support/content';

/** Markdown with code in several languages, one line wider than a phone. */
const WITH_CODE = [
  'Notes from this week.',
  '',
  '```ts',
  '// Types first\nexport async function load<T>(url: string): Promise<T | null> { const answer = ' +
    "await fetch(url, { method: 'GET' }); return answer.ok ? ((await answer.json()) as T) : null; }",
  '```',
  '',
  '```python',
  '# A comment\n@cache\ndef fib(n: int) -> int:\n    return n if n < 2 else fib(n - 1) + fib(n - 2)',
  '```',
  '',
  '```bash',
  'export A="b $HOME" # c\nfor f in *.md; do echo "$f"; done',
  '```',
  '',
  '```css',
  '.card:hover { color: #fff; margin: 0 auto !important; }',
  '```',
  '',
  '```json',
  '{ "a": 1, "b": [true, null, "s"] }',
  '```',
].join('\n');

/** A post whose content is `content`, through the API as the web app sends it. */
async function publishWritten(request: APIRequestContext, author: Account, title: string, content: string) {
  const post = JSON.stringify({ title, content, category: 'PROGRAMMING' });
  const res = await request.post('/api/posts', {
    headers: authHeaders(author),
    multipart: { post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Waits until every code block on the page is coloured (shiki and the grammars load lazily). */
async function expectCodeColoured(page: Page) {
  const blocks = page.getByRole('region', { name: /^Code/ });
  await expect(blocks.first()).toBeVisible();
  for (const block of await blocks.all()) await expect(block.locator('span').first()).toBeAttached();
}

/** Ann's post and plan with code, unread notifications (more than nine) and a private note. */
async function seed(request: APIRequestContext) {
  const ann = await createAccount(request, 'Ann Axe');
  const bob = await createAccount(request, 'Bob Axe');
  const { id: postId } = await publishWritten(request, ann, 'Accessible notes', WITH_CODE);
  const { id: planId } = await createPlan(request, ann, 'Learn Rust', WITH_CODE);
  // Unread notifications for Ann, more than nine, so the bell shows "9+" and her page lists them.
  await request.post(`/api/posts/${postId}/like`, { headers: authHeaders(bob) });
  await request.post(`/api/users/${ann.id}/follow`, { headers: authHeaders(bob) });
  for (let n = 1; n <= 9; n++) {
    await request.post(`/api/posts/${postId}/comments`, {
      headers: authHeaders(bob),
      data: { content: `Comment ${n}` },
    });
  }
  // A private note, so her notes page lists it and the plan page shows it.
  const plan = await (
    await request.get(`/api/learning-plans/${planId}`, { headers: authHeaders(ann) })
  ).json();
  await request.put(`/api/learning-plans/${planId}/topics/${plan.topics[0].id}/note`, {
    headers: authHeaders(ann),
    data: { content: 'Read **twice**' },
  });
  // A study group of Ann's that Bob joined, with a post in its discussion, so its board and posts show.
  const group = await (
    await request.post('/api/groups', {
      headers: authHeaders(ann),
      data: { planId, name: 'Rust circle', startDate: '2025-01-06', topicsPerWeek: 1 },
    })
  ).json();
  await request.post(`/api/groups/${group.id}/members`, { headers: authHeaders(bob), data: {} });
  await request.post(`/api/groups/${group.id}/posts`, {
    headers: authHeaders(bob),
    data: { content: 'Week one **done**' },
  });
  return { ann, bob, postId, planId, groupId: group.id as number };
}

// Each state of a page is checked in both themes in one go (support/axe.ts): seeding, signing in and
// loading each page once for both.
for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the main pages at ${width} px, light and dark`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    const { ann, bob, postId, planId, groupId } = await seed(request);
    await signInAs(page, ann);
    const pages: [string, string, RegExp | string][] = [
      ['feed', '/', /Welcome back/],
      // Ann follows no one: the Following tab offers people to follow (and at 1280 px the side column
      // shows).
      ['following tab', '/?tab=following', /Welcome back/],
      ['post detail', `/post/${postId}`, 'Accessible notes'],
      ['plan detail', `/learning-plan/${planId}`, 'Learn Rust'],
      ['plan form', '/create-learning-plan', 'Create Learning Plan'],
      ['profile', `/profile/${ann.id}`, 'Ann Axe'],
      ["someone else's profile", `/profile/${bob.id}`, 'Bob Axe'],
      ['search', '/search?q=Accessible', /Search/],
      ['notifications', '/notifications', 'Notifications'],
      ['analytics', '/analytics', /Analytics/],
      ['settings', '/settings', 'Settings'],
      ['my notes', '/notes', 'My notes'],
      ['study group', `/groups/${groupId}`, 'Rust circle'],
      ['my groups', '/groups', 'Your study groups'],
      ['saved', '/saved', 'Saved'],
      ['post form', '/create-post', 'Create a post'],
      ['profile form', '/profile/edit', 'Edit Profile'],
      ['page not found', '/no-such-page', 'Page not found'],
    ];
    for (const [what, path, heading] of pages) {
      if (page.url() !== new URL(path, page.url()).href) await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      if (what === 'post detail' || what === 'plan detail') await expectCodeColoured(page);
      await expectNoSeriousViolationsInBothThemes(page, what);
    }
    // The bell's name says what its badge shows.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
      'Notifications, 9+ unread',
    );
  });

  test(`axe finds nothing serious in menus, dialogs and signed-out pages at ${width} px, light and dark`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    const { ann, bob, planId } = await seed(request);
    await signInAs(page, ann);
    // The offline banner, over the feed: signed in first, then offline (docs/features.md, "Fast on slow
    // networks").
    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me'),
      page.goto('/'),
    ]);
    await context.setOffline(true);
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'offline banner');
    await context.setOffline(false);

    // A note's editor open on the plan page.
    await page.goto(`/learning-plan/${planId}`);
    await page.getByRole('button', { name: 'Edit note on Basics' }).click();
    await expect(page.getByLabel('Your private note on Basics')).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'note editor');

    // A chart's figures opened as a table on the analytics page.
    await page.goto('/analytics');
    await page.getByRole('button', { name: 'Show as table (Learning Activity Timeline)' }).click();
    await expect(page.getByRole('table', { name: 'Learning Activity Timeline' })).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'analytics table');

    // The plan form with its errors showing.
    await page.goto('/create-learning-plan');
    await page
      .getByRole('button', { name: /Create|Save/ })
      .last()
      .click();
    await expectNoSeriousViolationsInBothThemes(page, 'plan form with errors');

    // Open menus.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    if (width < 768) {
      await page.getByRole('button', { name: 'Main menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expectNoSeriousViolationsInBothThemes(page, 'mobile menu');
    } else {
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolationsInBothThemes(page, 'user menu');
      await page.keyboard.press('Escape');
    }

    // The followers and report dialogs, on Bob's profile.
    await page.goto(`/profile/${bob.id}`);
    await page.getByRole('button', { name: /Followers/ }).click();
    // The dialog element itself has no size (its panel is fixed): its title shows it is open.
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Followers' })).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'followers dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Report Bob Axe' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: /Report/ })).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'report dialog');
    await page.keyboard.press('Escape');

    // The confirm dialog.
    await page.goto(`/profile/${ann.id}`);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoSeriousViolationsInBothThemes(page, 'confirm dialog');
    await page.keyboard.press('Escape');

    // Signed out: the sign-in page, and its form errors.
    await page.evaluate(() => localStorage.removeItem('authToken'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').or(page.getByText(/required|valid/i).first())).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'login with errors');
    for (const [what, path, heading] of [
      ['sign-up', '/signup', /./],
      ['forgot password', '/forgot-password', 'Reset your password'],
      ['reset password', '/reset-password?token=never-sent', 'Choose a new password'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousViolationsInBothThemes(page, what);
    }

    // A confirmation link of a new e-mail address that is refused.
    await page.goto('/confirm-email?token=never-sent');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, 'confirm e-mail page');
  });
}
