import { expect, test } from '@playwright/test';
import { createAccount, moderatorAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

// The contract's words (DOMAIN_BLOCK_MESSAGES), verbatim.
const M = {
  tabLabel: 'Blocked servers',
  domainLabel: 'Domain',
  add: 'Block domain',
  remove: 'Unblock',
  listLabel: 'Blocked domains',
  domainInvalid: 'Give a domain such as spam.example (no @, path or port).',
  blocked: (domain: string) =>
    `${domain} is blocked: its activities are refused, and its followers, likes and shares removed.`,
  unblockTitle: (domain: string) => `Unblock ${domain}?`,
  unblockMessage:
    'Its activities are accepted again. The followers, likes and shares removed when it was blocked ' +
    'do not come back.',
  unblocked: (domain: string) => `${domain} is unblocked.`,
};

test('a moderator blocks a server by keyboard in dark mode, sees it listed and unblocks it', async ({
  page,
  request,
}) => {
  test.slow();
  const domain = `spam-${Date.now()}.example`;
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, await moderatorAccount(request), '/moderation?tab=servers');
  await expect(page.getByRole('tab', { name: M.tabLabel })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // A bad domain is refused with the contract's words, next to the field.
  const field = page.getByRole('textbox', { name: M.domainLabel });
  await field.focus();
  await page.keyboard.type('https://nope.example/');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Spam waves');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: M.add })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field).toHaveAccessibleDescription(M.domainInvalid);
  await expectNoSeriousViolations(page, 'blocked servers with an error, dark');

  await field.fill('');
  await field.focus();
  await page.keyboard.type(domain);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: M.blocked(domain) })).toBeVisible();
  const list = page.getByRole('list', { name: M.listLabel });
  const item = list.getByRole('listitem').filter({ hasText: domain });
  await expect(item).toContainText('Spam waves');
  await expectNoSeriousViolations(page, 'blocked servers listed, dark');

  await page.setViewportSize({ width: 390, height: 800 });
  // Nothing wider than the phone: the button is reachable by scrolling down only.
  await item.getByRole('button', { name: `${M.remove} ${domain}` }).scrollIntoViewIfNeeded();
  await expect(item.getByRole('button', { name: `${M.remove} ${domain}` })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'blocked servers at 390 px, dark');

  // Unblocking asks first; Cancel keeps it, then confirming removes it.
  const unblock = item.getByRole('button', { name: `${M.remove} ${domain}` });
  await unblock.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: M.unblockTitle(domain) });
  await expect(dialog).toHaveAccessibleDescription(M.unblockMessage);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousViolations(page, 'unblock confirmation, dark');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(unblock).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: M.remove }).click();
  await expect(page.getByRole('status').filter({ hasText: M.unblocked(domain) })).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('heading', { name: M.listLabel })).toBeFocused();

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expectNoSeriousViolations(page, 'blocked servers, light');
});

test('someone who does not moderate sees no blocked servers', async ({ page, request }) => {
  await signInAs(page, await createAccount(request, 'Not A Moderator'), '/moderation?tab=servers');
  await expect(page.getByRole('heading', { name: 'Only moderators can see this page' })).toBeVisible();
  await expect(page.getByRole('tab', { name: M.tabLabel })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: M.domainLabel })).toHaveCount(0);
});
