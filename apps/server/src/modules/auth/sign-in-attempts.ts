import { AppError } from '../../lib/app-error.js';
import type { CounterStore } from '../../lib/counters/counter-store.js';

/**
 * Failed sign-ins, counted as OWASP's authentication cheat sheet recommends: only failures count, and
 * a stranger's failures must not lock the owner out. Failures are counted per account and client
 * address: ten from one address lock that address out of that account for the rest of the window. An
 * account-wide count catches guesses spread over many addresses: past its threshold, only addresses
 * without a failure on that account may still try, so the owner still gets in from their usual one.
 */
export const SIGN_IN_FAILURES = {
  perAddress: 10,
  perAccount: 100,
  windowMs: 15 * 60_000,
} as const;

export type SignInLock = { retryAfterSeconds: number };

export function createSignInAttempts(counters: CounterStore) {
  const keysOf = (email: string, address: string) => {
    const account = `sign-in-failures:${email.toLowerCase()}`;
    return { account, fromAddress: `${account}:${address}` };
  };
  const lockFor = (ttlMs: number): SignInLock => ({
    retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });

  return {
    /** Why `address` may not try to sign in to `email` now, or null when it may. */
    async lock(email: string, address: string): Promise<SignInLock | null> {
      const keys = keysOf(email, address);
      const [fromAddress, account] = await counters.read([keys.fromAddress, keys.account]);
      if (fromAddress!.count >= SIGN_IN_FAILURES.perAddress) return lockFor(fromAddress!.ttlMs);
      if (fromAddress!.count > 0 && account!.count >= SIGN_IN_FAILURES.perAccount) {
        return lockFor(account!.ttlMs);
      }
      return null;
    },

    /** Runs a sign-in: a refusal counts as a failure; a success forgets this address's failures. */
    async track<T>(email: string, address: string, signIn: () => Promise<T>): Promise<T> {
      const keys = keysOf(email, address);
      let result: T;
      try {
        result = await signIn();
      } catch (error) {
        // Only a refusal of the credentials; a broken database is not the caller's failure.
        if (!(error instanceof AppError)) throw error;
        await Promise.all([
          counters.increment(keys.fromAddress, SIGN_IN_FAILURES.windowMs),
          counters.increment(keys.account, SIGN_IN_FAILURES.windowMs),
        ]);
        throw error;
      }
      await counters.reset(keys.fromAddress);
      return result;
    },
  };
}
export type SignInAttempts = ReturnType<typeof createSignInAttempts>;
