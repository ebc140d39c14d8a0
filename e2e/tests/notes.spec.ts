import { expect } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { createPlan } from './support/content';
import { test } from './support/people';

test('a private note: written on a topic, still there after a reload, on My notes, unseen by others', async ({
  page,
  anotherPerson,
  request,
}) => {
  const ann = await createAccount(request, 'Ann Author');
  const bob = await createAccount(request, 'Bob Notes');
  const plan = await createPlan(request, ann, 'Rust by notes');

  await signInAs(page, bob, `/learning-plan/${plan.id}`);
  const basics = page.getByRole('region', { name: '1. Basics' });
  // One quiet control for the topic: an icon button, whose editor takes focus from the keyboard.
  const noteButton = basics.getByRole('button', { name: /note on Basics$/ });
  await expect(noteButton).toHaveAccessibleName('Add note on Basics');
  await noteButton.focus();
  await page.keyboard.press('Enter');
  await expect(basics.getByLabel('Your private note on Basics')).toBeFocused();
  await basics.getByLabel('Your private note on Basics').fill('Borrow **before** you move');
  await basics.getByRole('tab', { name: 'Preview' }).click();
  await expect(basics.getByRole('tabpanel').locator('strong')).toHaveText('before');
  await basics.getByRole('button', { name: 'Save note' }).click();
  await expect(basics.getByRole('status')).toHaveText('Note saved');
  await expect(noteButton).toHaveAccessibleName('Edit note on Basics');
  await expect(noteButton).toBeFocused();

  await page.reload();
  await expect(noteButton).toHaveAccessibleName('Edit note on Basics');
  await expect(basics.getByText('Your private note')).toBeVisible();
  await expect(basics.locator('strong', { hasText: 'before' })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'My notes' }).click();
  await expect(page).toHaveURL(/\/notes$/);
  const group = page.getByRole('region', { name: 'Rust by notes' });
  await expect(group.getByText('Borrow before you move')).toBeVisible();
  await expect(group.getByRole('link', { name: 'Rust by notes' })).toHaveAttribute(
    'href',
    `/learning-plan/${plan.id}`,
  );
  await page.getByRole('searchbox', { name: 'Search your notes' }).fill('borrowing');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/notes\?q=borrowing$/);
  await expect(group).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search your notes' }).fill('lifetimes');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No notes match your search.')).toBeVisible();

  // Ann, the plan's creator, sees the plan without Bob's note, and her notes page is empty.
  const annPage = await anotherPerson();
  await signInAs(annPage, ann, `/learning-plan/${plan.id}`);
  const annBasics = annPage.getByRole('region', { name: '1. Basics' });
  await expect(annBasics.getByRole('button', { name: 'Add note on Basics' })).toBeVisible();
  await expect(annPage.getByText('Borrow')).toHaveCount(0);
  await annPage.goto('/notes');
  await expect(annPage.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
  const notes = await request.get(`/api/learning-plans/${plan.id}/notes`, { headers: authHeaders(ann) });
  expect(await notes.json()).toEqual([]);
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the note editor and My notes fit without sideways scrolling', async ({ page, request }) => {
    const fitsTheScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const cara = await createAccount(request, 'Cara Phone');
    const plan = await createPlan(request, cara, 'Notes on the small screen');

    await signInAs(page, cara, `/learning-plan/${plan.id}`);
    const basics = page.getByRole('region', { name: '1. Basics' });
    await basics.getByRole('button', { name: 'Add note on Basics' }).click();
    await basics
      .getByLabel('Your private note on Basics')
      .fill('A long line of notes to wrap on a phone screen');
    expect(await fitsTheScreen()).toBe(true);
    await basics.getByRole('button', { name: 'Save note' }).click();
    await expect(basics.getByRole('status')).toHaveText('Note saved');

    await page.goto('/notes');
    await expect(page.getByRole('region', { name: 'Notes on the small screen' })).toBeVisible();
    expect(await fitsTheScreen()).toBe(true);
  });
});
