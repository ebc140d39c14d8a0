import { HANDLE_LENGTH } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { handlesStartingWith, insertUser, type NewAccount } from './accounts.queries.js';

/** Two sign-ups of the same name racing for one handle: the loser picks again, this many times. */
const HANDLE_ATTEMPTS = 5;
/** Candidates share this many leading characters, so one look-up finds every handle that is taken. */
const SHARED_PREFIX = HANDLE_LENGTH.max - 6;

/** 'Ann Lee' → 'annlee'; accents dropped ('José' → 'jose'); too short or empty names are padded or 'user'. */
export function handleStem(name: string): string {
  const letters = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '');
  return (letters || 'user').slice(0, HANDLE_LENGTH.max).padEnd(HANDLE_LENGTH.min, '_');
}

/** The stem itself, else the stem numbered from 2 (annlee2, annlee3…), cut to leave room for the number. */
function firstFreeHandle(stem: string, taken: Set<string>): string {
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem.slice(0, HANDLE_LENGTH.max - String(n).length)}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Creates a user with a free handle made from the name. Every way of creating an account goes through
 * here (password sign-up, social sign-in). Each attempt runs in a transaction of its own (a savepoint
 * when the caller is in one), so a lost race for a handle can be retried. Other unique violations
 * (the e-mail) are the caller's to explain.
 */
export async function insertAccount(
  db: Database,
  account: NewAccount,
): Promise<{ id: number; handle: string }> {
  const stem = handleStem(account.name);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const taken = await handlesStartingWith(tx, stem.slice(0, SHARED_PREFIX));
        return insertUser(tx, { ...account, handle: firstFreeHandle(stem, taken) });
      });
    } catch (error) {
      if (attempt === HANDLE_ATTEMPTS || !isUniqueViolation(error, 'users_handle_key')) throw error;
    }
  }
}
