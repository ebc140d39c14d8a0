import { expect, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createPlan } from './support/content';

test('a study group: started from a plan, joined through its invite link, both on the board', async ({
  page,
  browser,
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
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
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

  // Bob posts in the discussion; Ann, a member, reads it rendered and replies.
  await bobPage.getByLabel(/^New post/).fill('Finished **Basics** early');
  await bobPage.getByRole('button', { name: 'Post', exact: true }).click();
  const bobPost = bobPage.getByRole('article', { name: 'Bob Joiner’s post' });
  await expect(bobPost.locator('strong')).toHaveText('Basics');
  await page.reload();
  const seen = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('article', { name: 'Bob Joiner’s post' }) });
  await seen.getByLabel(/^Reply/).fill('Nice pace!');
  await seen.getByRole('button', { name: 'Reply' }).click();
  await expect(seen.getByRole('list', { name: 'Replies' })).toContainText('Nice pace!');

  // Bob finds the group again from his user menu.
  await bobPage.getByRole('button', { name: 'Open user menu' }).click();
  await bobPage.getByRole('menuitem', { name: 'Groups' }).click();
  await expect(bobPage.getByRole('link', { name: 'Rust evenings' })).toBeVisible();
  await bobContext.close();

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
