import { type BrowserContextOptions, test as base, type Page } from '@playwright/test';

type AnotherPerson = (options?: BrowserContextOptions) => Promise<Page>;

/**
 * Playwright's `test` with `anotherPerson()`: a page in a browser of its own, as someone else at another
 * computer, closed when the test ends however it ends. A context left open would keep its live stream and
 * its polls running through every later test of the run, on the same two cores.
 */
export const test = base.extend<{ anotherPerson: AnotherPerson }>({
  anotherPerson: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
