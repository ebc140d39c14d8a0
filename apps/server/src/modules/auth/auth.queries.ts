import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailChangeTokens, passwordResetTokens, users } from '../../db/schema/index.js';
import { forgetSessionAfterCommit } from '../../db/session-cache.js';

const isSuspended = sql<boolean>`${users.suspendedAt} is not null`;

export async function findCredentialsByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      suspended: isSuspended,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

/**
 * The version new tokens of the user are signed at (0 for an unknown id, whose tokens the auth plugin
 * refuses), and whether a moderator suspended the account.
 */
export async function findSignInState(db: Database, id: number) {
  const [row] = await db
    .select({ tokenVersion: users.tokenVersion, suspended: isSuspended })
    .from(users)
    .where(eq(users.id, id));
  return row ?? { tokenVersion: 0, suspended: false };
}

export async function findPasswordHash(db: Database, id: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Whether an account other than `exceptId` uses `email` (case-insensitively, as the unique index). */
export async function emailUsedByAnother(db: Database, email: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)));
  return row !== undefined;
}

/** Ends every session of the user: tokens signed below the returned version are refused. */
/** The user's new token version, or null when the account is gone (deleted since its token was checked). */
export async function raiseTokenVersion(
  db: Database,
  id: number,
  passwordHash?: string,
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  await forgetSessionAfterCommit(db, id);
  return row?.tokenVersion ?? null;
}

/** The tables of mailed links (lib/link-tokens.ts): a token's hash, its user, when it was used. */
type LinkTokens = typeof passwordResetTokens | typeof emailChangeTokens;

/**
 * Deletes the user's pending links of `table`, before a new one is stored in the same transaction, so
 * only the latest mailed link works. The user's row is locked first, so two requests at the same time
 * still leave one live link.
 */
async function retirePendingLinks(db: Database, table: LinkTokens, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  await db.delete(table).where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

/** Stores a new reset link as the user's only live one; run it in a transaction. */
export async function replacePasswordReset(
  db: Database,
  reset: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await retirePendingLinks(db, passwordResetTokens, reset.userId);
  await db.insert(passwordResetTokens).values(reset);
}

export async function findPasswordReset(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
      suspended: isSuspended,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Uses a link of `table`: true when this call did (not a simultaneous one), which also retires every
 * other pending link of the user in that table.
 */
async function useLinkToken(
  db: Database,
  table: LinkTokens,
  tokenHash: string,
  userId: number,
): Promise<boolean> {
  const used = await db
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)))
    .returning({ tokenHash: table.tokenHash });
  return used.some((row) => row.tokenHash === tokenHash);
}

export const usePasswordReset = (db: Database, tokenHash: string, userId: number) =>
  useLinkToken(db, passwordResetTokens, tokenHash, userId);
export const useEmailChange = (db: Database, tokenHash: string, userId: number) =>
  useLinkToken(db, emailChangeTokens, tokenHash, userId);

/** Stores a new e-mail change link as the user's only live one; run it in a transaction. */
export async function replaceEmailChange(
  db: Database,
  change: { tokenHash: string; userId: number; newEmail: string; expiresAt: Date },
) {
  await retirePendingLinks(db, emailChangeTokens, change.userId);
  await db.insert(emailChangeTokens).values(change);
}

export async function findEmailChange(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      userId: emailChangeTokens.userId,
      newEmail: emailChangeTokens.newEmail,
      expiresAt: emailChangeTokens.expiresAt,
      usedAt: emailChangeTokens.usedAt,
    })
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Moves the account to `email` and returns the address it had. */
export async function replaceEmail(db: Database, id: number, email: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
  if (!row) return null;
  await db.update(users).set({ email, updatedAt: sql`now()` }).where(eq(users.id, id));
  return row.email;
}
