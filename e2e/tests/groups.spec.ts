import path from 'node:path';
import { expect } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createPlan } from './support/content';
import { emulateNetwork } from './support/network';
import { test } from './support/people';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

test('a study group: started from a plan, joined through its invite link, both on the board', async ({
  page,
  anotherPerson,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Founder');
  const bob = await createAccount(request, 'Bob Joiner');
  const plan = await createPlan(request, ann, 'Rust together');

  await signInAs(page, ann, `/learning-plan/${plan.id}`);
  await page.getByRole('button', { name: 'Start a group' }).click();
  const form = page.getByRole('form', { name: 'Start a study group' });
  await expect(form.getByLabel('Group name')).toHaveValue('Rust together study group');
  await form.getByLabel('Group name').fill('Rust evenings');
  await form.getByLabel('Start date').fill('2020-01-06');
  await form.getByLabel('Topics per week').fill('1');
  await form.getByLabel(/Invite-only/).check();
  await form.getByRole('button', { name: 'Start the group' }).click();

  await expect(page).toHaveURL(/\/groups\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Rust evenings' })).toBeVisible();
  await expect(page.getByText(/invite-only study group on/)).toBeVisible();
  const inviteLink = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(inviteLink).toMatch(/\/groups\/\d+\?invite=[\w-]+$/);
  const groupPath = new URL(inviteLink).pathname;

  // Without the link the invite-only group does not exist for Bob; with it, he joins.
  const bobPage = await anotherPerson();
  await signInAs(bobPage, bob, groupPath);
  await expect(bobPage.getByRole('heading', { name: 'Group not found' })).toBeVisible();
  await bobPage.goto(new URL(inviteLink).pathname + new URL(inviteLink).search);
  await bobPage.getByRole('button', { name: 'Join the group' }).click();
  await expect(bobPage.getByRole('button', { name: 'Leave the group' })).toBeVisible();
  const bobBoard = bobPage.getByRole('table');
  await expect(bobBoard.getByRole('rowheader')).toHaveCount(2);
  await expect(bobBoard.getByRole('rowheader').first()).toContainText('Ann Founder');
  await expect(bobBoard.getByRole('rowheader').nth(1)).toContainText('Bob Joiner');
  // Organisers alone see the invite link.
  await expect(bobPage.getByRole('textbox', { name: 'Invite link' })).toHaveCount(0);

  const topics = (
    await (await request.get(`/api/learning-plans/${plan.id}`, { headers: authHeaders(bob) })).json()
  ).topics as { id: number; title: string }[];
  const done = await request.patch(
    `/api/learning-plans/${plan.id}/topics/${topics[0]!.id}/user-progress?status=COMPLETED`,
    { headers: authHeaders(bob) },
  );
  expect(done.ok()).toBe(true);

  await page.reload();
  const board = page.getByRole('table');
  const bobRow = board.getByRole('row', { name: /Bob Joiner/ });
  await expect(bobRow.getByRole('cell').first()).toHaveText(/done/);
  await expect(bobRow).toContainText('1/1');
  await expect(bobRow).toContainText('On track');
  await expect(board.getByRole('row', { name: /Ann Founder/ })).toContainText('Behind');
  // The group's activity tells the other members what Bob finished.
  await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first()).toContainText(
    `Bob Joiner finished ${topics[0]!.title}`,
  );
  await expectNoSeriousViolations(page, 'the group page with its activity, light');

  // Bob posts in the discussion with a described photo; Ann, a member, reads it rendered and replies.
  await bobPage.getByLabel(/^New post/).fill('Finished **Basics** early');
  await bobPage.getByLabel('Add photos or videos').setInputFiles(fixture('photo.jpg'));
  await bobPage.getByLabel('Describe photo.jpg').fill('My notes on ownership');
  await bobPage.getByRole('button', { name: 'Post', exact: true }).click();
  const bobPost = bobPage.getByRole('article', { name: 'Bob Joiner’s post' });
  await expect(bobPost.locator('strong')).toHaveText('Basics');
  await expect(bobPage.getByLabel('Describe photo.jpg')).toHaveCount(0);
  await page.reload();
  const seen = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('article', { name: 'Bob Joiner’s post' }) });
  const photo = seen.getByRole('img', { name: 'My notes on ownership' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Its link opens the original, as stored.
  const original = await seen
    .getByRole('link', { name: 'Open image 1 of 1 full size: My notes on ownership' })
    .getAttribute('href');
  const file = await request.get(original!);
  expect([file.status(), file.headers()['content-type']]).toEqual([200, 'image/jpeg']);
  await seen.getByLabel(/^Reply/).fill('Nice pace!');
  await seen.getByRole('button', { name: 'Reply' }).click();
  await expect(seen.getByRole('list', { name: 'Replies' })).toContainText('Nice pace!');

  // Bob finds the group again from his user menu.
  await bobPage.getByRole('button', { name: 'Open user menu' }).click();
  await bobPage.getByRole('menuitem', { name: 'Groups' }).click();
  await expect(bobPage.getByRole('link', { name: 'Rust evenings' })).toBeVisible();

  // On Bob's profile, Ann (in the invite-only group too) sees it under Groups.
  await page.goto(`/profile/${bob.id}`);
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(page.getByRole('list', { name: 'Study groups' }).getByRole('link')).toHaveText(
    'Rust evenings',
  );
  await expectNoSeriousViolations(page, "the profile's Groups tab, light");
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, "the profile's Groups tab, dark");
});

test('a public study group is found by search and opens from its card, by keyboard', async ({
  page,
  request,
}) => {
  const cleo = await createAccount(request, 'Cleo Founder');
  const dan = await createAccount(request, 'Dan Searcher');
  const plan = await createPlan(request, cleo, 'Quillwork basics');
  const made = await request.post('/api/groups', {
    headers: authHeaders(cleo),
    data: { planId: plan.id, name: 'Quillwork circle' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, dan, '/search?q=quillwork');
  const preview = page.getByRole('region', { name: 'Groups' });
  await expect(preview.getByRole('link', { name: 'Quillwork circle' })).toBeVisible();
  await expect(preview).toContainText('Quillwork basics · 1 member');
  await expectNoSeriousViolations(page, 'search with a study group, dark');

  await preview.getByRole('button', { name: 'View all 1 study group' }).press('Enter');
  await expect(page.getByRole('tab', { name: 'Groups (1)' })).toBeFocused();
  await page.getByRole('tabpanel').getByRole('link', { name: 'Quillwork circle' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Quillwork circle' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join the group' })).toBeVisible();
});

test('the progress board sorts by progress from the keyboard at 390 px, keeps its order, and removals stand', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Organiser');
  const bob = await createAccount(request, 'Bob Ahead');
  const plan = await createPlan(request, ann, 'Sorting together');
  const made = await request.post('/api/groups', {
    headers: authHeaders(ann),
    data: { planId: plan.id, name: 'Sorted circle' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const group = (await made.json()) as { id: number };
  const joined = await request.post(`/api/groups/${group.id}/members`, {
    headers: authHeaders(bob),
    data: {},
  });
  expect(joined.ok()).toBe(true);
  const topicId = (
    await (await request.get(`/api/learning-plans/${plan.id}`, { headers: authHeaders(bob) })).json()
  ).topics[0].id as number;
  await request.patch(`/api/learning-plans/${plan.id}/topics/${topicId}/user-progress?status=COMPLETED`, {
    headers: authHeaders(bob),
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ann, `/groups/${group.id}`);
  const board = page.getByRole('table');
  const names = board.getByRole('rowheader');
  await expect(names.first()).toContainText('Ann Organiser');
  const done = board.getByRole('columnheader', { name: /^Done/ });
  await expect(done).not.toHaveAttribute('aria-sort');

  await done.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(done).toHaveAttribute('aria-sort', 'descending');
  await expect(done.getByRole('button', { name: 'Done' })).toBeInViewport();
  await expect(names.first()).toContainText('Bob Ahead');
  await expect(page).toHaveURL(/[?&]sort=progress&direction=desc$/);
  await expectNoSeriousViolations(page, 'the sorted progress board at 390 px, light');

  // The URL keeps the order over a reload; the same header again turns it round.
  await page.reload();
  await expect(board.getByRole('columnheader', { name: /^Done/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(names.first()).toContainText('Bob Ahead');
  await board.getByRole('button', { name: 'Done' }).press('Enter');
  await expect(done).toHaveAttribute('aria-sort', 'ascending');
  await expect(names.first()).toContainText('Ann Organiser');

  // Removed, Bob cannot come back until Ann lets him back in.
  await board.getByRole('button', { name: 'Remove Bob Ahead' }).click();
  const removed = page.getByRole('list', { name: 'Removed members' });
  await expect(removed.getByRole('listitem')).toContainText('Bob Ahead removed by Ann Organiser');
  const refused = await request.post(`/api/groups/${group.id}/members`, {
    headers: authHeaders(bob),
    data: {},
  });
  expect([refused.status(), (await refused.json()).message]).toEqual([
    403,
    'You were removed from this group by its organisers.',
  ]);
  await removed.getByRole('button', { name: 'Let Bob Ahead back in' }).click();
  await expect(page.getByRole('heading', { name: 'Removed' })).toHaveCount(0);
  const back = await request.post(`/api/groups/${group.id}/members`, { headers: authHeaders(bob), data: {} });
  expect(back.ok()).toBe(true);
});

test('the discussion on a bad day: dark, 390 px, by keyboard, the server failing, then a slow network', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Steady');
  const plan = await createPlan(request, ann, 'Patience together');
  const made = await request.post('/api/groups', {
    headers: authHeaders(ann),
    data: { planId: plan.id, name: 'Patient circle' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const group = (await made.json()) as { id: number };

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, ann, `/groups/${group.id}`);
  const box = page.getByRole('textbox', { name: /^New post/ });
  await box.focus();
  await page.keyboard.type('Week 1: **ownership**');

  // The connection drops as it is sent: the text stays, and the page says so in plain words.
  await page.route(`**/api/groups/${group.id}/posts`, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  // Tab on to Post, past the photo picker.
  const post = page.getByRole('button', { name: 'Post', exact: true });
  const postFocused = () => post.evaluate((button) => button === document.activeElement);
  for (let presses = 0; presses < 6 && !(await postFocused()); presses++) await page.keyboard.press('Tab');
  await expect(post).toBeFocused();
  await page.keyboard.press('Enter');
  const failure = page.getByRole('alert').filter({ hasText: 'Could not post. Please try again.' });
  await expect(failure).toContainText('The server could not be reached. Please try again.');
  await expect(box).toHaveValue('Week 1: **ownership**');
  await expectNoSeriousViolations(page, 'a failed post in the discussion at 390 px, dark');

  // Back on a network with two seconds of round trip, the same post goes through.
  await page.unroute(`**/api/groups/${group.id}/posts`);
  await emulateNetwork(page, { latency: 2_000, download: 125_000, upload: 62_500 });
  await post.press('Enter');
  const posted = page.getByRole('article', { name: 'Ann Steady’s post' });
  await expect(posted.locator('strong')).toHaveText('ownership', { timeout: 30_000 });
  await expect(box).toHaveValue('');
  await expect(failure).toHaveCount(0);
});
