import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { type Account, authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createPlan } from './support/content';
import { READING_BASE_URL, startReadingServer } from './support/reading-server';

/**
 * Sharing one's progress (docs/features.md, "Sharing your progress") on the server open to visitors
 * (PUBLIC_READING): turned on from the plan page, then opened signed out on a phone in dark mode.
 */
let server: { stop: () => Promise<void> } | undefined;
let api: APIRequestContext;
let ann: Account;
let plan: { id: number; topics: { id: number }[] };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startReadingServer();
  api = await playwrightRequest.newContext({ baseURL: READING_BASE_URL });
  ann = await createAccount(api, 'Ann Sharer');
  const made = await createPlan(api, ann, 'Shared plan of Ann');
  plan = await (await api.get(`/api/learning-plans/${made.id}`, { headers: authHeaders(ann) })).json();
  const done = await api.patch(
    `/api/learning-plans/${plan.id}/topics/${plan.topics[0]!.id}/user-progress?status=COMPLETED`,
    { headers: authHeaders(ann) },
  );
  expect(done.ok(), await done.text()).toBe(true);
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

test('turns sharing on, then a visitor sees the progress, its picture and its preview tags', async ({
  page,
  browser,
}) => {
  await signInAs(page, ann, `${READING_BASE_URL}/learning-plan/${plan.id}`);
  const toggle = page.getByRole('switch', { name: 'Share my progress' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByRole('region', { name: 'Share my progress' }).getByRole('button')).toBeVisible();
  const handle = (await (await api.get('/api/auth/me', { headers: authHeaders(ann) })).json()).handle;
  const path = `/learning-plan/${plan.id}/progress/${handle}`;

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  try {
    const view = await visitor.newPage();
    await view.goto(`${READING_BASE_URL}${path}`);
    await expect(
      view.getByRole('heading', { level: 1, name: 'Ann Sharer’s progress on Shared plan of Ann' }),
    ).toBeVisible();
    await expect(view.getByText('100%')).toBeVisible();
    await expect(view.getByRole('region', { name: /^Map of Ann Sharer’s progress/ })).toContainText(
      'Completed',
    );
    await expectNoSeriousViolations(view, 'shared progress, signed out, 390 px, dark');

    const html = await (await api.get(path, { headers: { accept: 'text/html' } })).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBe(`${READING_BASE_URL}/api/learning-plans/${plan.id}/progress/${handle}/image.png`);
    const png = await api.get(image!);
    expect(png.headers()['content-type']).toBe('image/png');
  } finally {
    await visitor.close();
  }
});
