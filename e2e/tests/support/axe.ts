import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What axe finds on the page as it is now, serious and critical only (WCAG 2.x A and AA rules). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      where: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}

export async function expectNoSeriousViolations(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/**
 * Checks the page as it is now in the light theme, then in the dark one (the app follows the system's
 * choice as it changes, so the page is not reloaded), and leaves it light. Colour transitions end first:
 * axe would read a colour halfway.
 */
export async function expectNoSeriousViolationsInBothThemes(page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const root = expect(page.locator('html'));
    await (colorScheme === 'dark' ? root : root.not).toHaveClass(/\bdark\b/);
    await settled(page);
    expect(await seriousViolations(page), `${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await settled(page);
}

/** Waits until no finite animation or transition runs (spinners and skeletons loop forever). */
function settled(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}
