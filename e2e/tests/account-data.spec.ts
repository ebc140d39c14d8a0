import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readZip } from '../../apps/server/test/helpers/zip';
import { type Account, authHeaders, createAccount, signInAs, uniqueEmail } from './support/accounts';
import { latestMailTo } from './support/mailbox';

const photo = readFileSync(new URL('../fixtures/photo.jpg', import.meta.url));

/** Publishes a post with a photo through the API, as the web app sends it. */
async function publishPhotoPost(
  request: Parameters<typeof createAccount>[0],
  author: Account,
  title: string,
) {
  const post = JSON.stringify({ title, content: 'With a picture.', category: 'PROGRAMMING' });
  const res = await request.post('/api/posts', {
    headers: authHeaders(author),
    multipart: {
      post: { name: 'blob', mimeType: 'application/json', buffer: Buffer.from(post) },
      files: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json() as Promise<{ id: number; media: { fileUrl: string }[] }>;
}

test('a new e-mail address takes over once the link mailed to it is opened @phone', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Hedy Lamarr');
  const newEmail = uniqueEmail('hedy.new');
  await signInAs(page, account, '/settings');
  const section = page.getByRole('region', { name: 'Change e-mail address' });
  await expect(section).toContainText(account.email);

  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByRole('status')).toContainText(`We have sent a confirmation link to ${newEmail}`);

  const mail = await latestMailTo(newEmail);
  expect(mail.subject).toBe('Confirm your new Pathwise e-mail address');
  const link = /http\S+\/confirm-email\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(
    page.getByRole('status').filter({ hasText: `Your e-mail address is now ${newEmail}.` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page.getByRole('region', { name: 'Change e-mail address' })).toContainText(newEmail);

  const notice = await latestMailTo(account.email);
  expect(notice.subject).toBe('Your Pathwise e-mail address was changed');

  // Signing in now takes the new address.
  const signIn = await request.post('/api/auth/login', {
    data: { email: newEmail, password: account.password },
  });
  expect(signIn.status()).toBe(200);
});

test('"Download my data" saves a ZIP of what the person made, with their photo', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Katherine Johnson');
  const post = await publishPhotoPost(request, account, 'Orbital mechanics notes');
  await signInAs(page, account, '/settings');

  const section = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pathwise-data.zip');

  const entries = readZip(readFileSync(await download.path()));
  const profile = JSON.parse(entries.get('profile.json')!.toString());
  expect(profile).toMatchObject({ name: 'Katherine Johnson', email: account.email });
  const [exported] = JSON.parse(entries.get('posts.json')!.toString());
  expect(exported.title).toBe('Orbital mechanics notes');
  const key = post.media[0]!.fileUrl.split('/api/media/')[1]!;
  expect(exported.media[0].file).toBe(`media/${key}`);
  const served = await request.get(`/api/media/${key}`);
  expect(entries.get(`media/${key}`)!.equals(await served.body())).toBe(true);
});

test('deleting the account asks first, signs out to the sign-in page and the account is gone @phone', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Alan Turing');
  const post = await publishPhotoPost(request, account, 'On computable numbers');
  await signInAs(page, account, '/settings');
  const section = page.getByRole('region', { name: 'Delete account' });

  await section.getByLabel('Password', { exact: true }).fill('not my password');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByRole('alert')).toContainText('Current password is incorrect');

  await section.getByLabel('Password', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL('/login?deleted=true');
  await expect(
    page.getByText('Your account and everything you made on Pathwise have been deleted.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  expect((await request.get('/api/auth/me', { headers: authHeaders(account) })).status()).toBe(401);
  const key = post.media[0]!.fileUrl.split('/api/media/')[1]!;
  expect((await request.get(`/api/media/${key}`)).status()).toBe(404);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
