import { afterAll, beforeAll } from 'vitest';
import { signUp, type TestAccount } from './accounts.js';
import { createTestApp, type TestApp } from './app.js';

export type AnnAndBob = { t: TestApp; ann: TestAccount; bob: TestAccount };

/**
 * The app of one test file with Ann Lee and Bob Stone signed up: made before the file's tests (`use`
 * receives them, to keep in the file's variables) and closed after them.
 */
export function withAnnAndBob(use: (made: AnnAndBob) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    use({ t, ann: await signUp(t, { name: 'Ann Lee' }), bob: await signUp(t, { name: 'Bob Stone' }) });
  });
  afterAll(() => t?.close());
}
