import { expect, test } from '@playwright/test';
import { authHeaders, createAccount, signInAs } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { createPlan, publishPost } from './support/content';

for (const width of [390, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing serious on the main pages at ${width} px, ${scheme}`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const ann = await createAccount(request, 'Ann Axe');
      const bob = await createAccount(request, 'Bob Axe');
      const { id: postId } = await publishPost(request, ann, 'Accessible notes');
      const { id: planId } = await createPlan(request, ann, 'Learn Rust');
      // Unread notifications for Ann, so her notifications page shows them.
      await request.post(`/api/posts/${postId}/like`, { headers: authHeaders(bob) });
      await request.post(`/api/users/${ann.id}/follow`, { headers: authHeaders(bob) });
      // A private note, so her notes page lists it and the plan page shows it.
      const plan = await (
        await request.get(`/api/learning-plans/${planId}`, { headers: authHeaders(ann) })
      ).json();
      await request.put(`/api/learning-plans/${planId}/topics/${plan.topics[0].id}/note`, {
        headers: authHeaders(ann),
        data: { content: 'Read **twice**' },
      });

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
      ];
      for (const [what, path, heading] of pages) {
        if (page.url() !== new URL(path, page.url()).href) await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
        await expectNoSeriousViolations(page, what);
      }

      // The offline banner, over the feed. The page shows before the session is confirmed (docs/features.md,
      // "Fast on slow networks"), and failing to load the user signs out: go offline after.
      await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me'),
        page.goto('/'),
      ]);
      await context.setOffline(true);
      await expect(page.getByText('You are offline.')).toBeVisible();
      await expectNoSeriousViolations(page, 'offline banner');
      await context.setOffline(false);

      // A note's editor open on the plan page.
      await page.goto(`/learning-plan/${planId}`);
      await page.getByRole('button', { name: 'Edit note on Basics' }).click();
      await expect(page.getByLabel('Your private note on Basics')).toBeVisible();
      await expectNoSeriousViolations(page, 'note editor');

      // The plan form with its errors showing.
      await page.goto('/create-learning-plan');
      await page
        .getByRole('button', { name: /Create|Save/ })
        .last()
        .click();
      await expectNoSeriousViolations(page, 'plan form with errors');

      // Open menus.
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      if (width < 768) {
        await page.getByRole('button', { name: 'Main menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
        await expectNoSeriousViolations(page, 'mobile menu');
      } else {
        await page.getByRole('button', { name: 'Open user menu' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoSeriousViolations(page, 'user menu');
        await page.keyboard.press('Escape');
      }

      // The confirm dialog.
      await page.goto(`/profile/${ann.id}`);
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectNoSeriousViolations(page, 'confirm dialog');
      await page.keyboard.press('Escape');

      // Signed out: the sign-in page, and its form errors.
      await page.evaluate(() => localStorage.removeItem('authToken'));
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await expectNoSeriousViolations(page, 'login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert').or(page.getByText(/required|valid/i).first())).toBeVisible();
      await expectNoSeriousViolations(page, 'login with errors');

      // A confirmation link of a new e-mail address that is refused.
      await page.goto('/confirm-email?token=never-sent');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousViolations(page, 'confirm e-mail page');
    });
  }
}
