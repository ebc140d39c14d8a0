import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { moderationActions, reports, users } from '../../db/schema/index.js';
import { forgetSessionAfterCommit } from '../../db/session-cache.js';
import { forgetPagesAfterCommit } from '../../db/shared-pages.js';

/**
 * The account a moderator acts on: its name, address (to tell a moderator) and suspension; null when missing.
 */
export async function findSuspensionTarget(db: Database, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Suspends the account unless it already is, in one transaction: every session ends (the token version
 * rises), the action is logged, and the open reports about the account are resolved with the reason
 * as their note (each logged too). Null when it was suspended already.
 */
export async function suspendAccount(
  db: Database,
  suspension: { userId: number; moderatorId: number; reason: string },
) {
  const { userId, moderatorId, reason } = suspension;
  return db.transaction(async (tx) => {
    const [suspended] = await tx
      .update(users)
      .set({
        suspendedAt: sql`now()`,
        suspensionReason: reason,
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
      .returning({ suspendedAt: users.suspendedAt });
    if (!suspended) return null;
    // What the account made leaves every page at once here; other processes hear the trigger.
    await forgetSessionAfterCommit(tx, userId);
    await forgetPagesAfterCommit(tx);
    await tx.insert(moderationActions).values({
      moderatorId,
      action: 'SUSPENDED',
      targetType: 'USER',
      targetId: userId,
      note: reason,
    });
    await tx.execute(sql`with resolved as (
        update ${reports} set status = 'RESOLVED', closed_at = now(),
          closed_by_id = ${moderatorId}, note = ${reason}
        where ${reports.reportedUserId} = ${userId} and ${reports.status} = 'OPEN'
        returning id)
      insert into ${moderationActions} (moderator_id, action, report_id, target_type, target_id, note)
      select ${moderatorId}, 'REPORT_RESOLVED', id, 'USER', ${userId}, ${reason} from resolved`);
    return suspended.suspendedAt!;
  });
}

/** Lifts the suspension and logs it, in one transaction; false when the account was not suspended. */
export async function unsuspendAccount(db: Database, unsuspension: { userId: number; moderatorId: number }) {
  return db.transaction(async (tx) => {
    const lifted = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(and(eq(users.id, unsuspension.userId), isNotNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (lifted.length === 0) return false;
    await forgetSessionAfterCommit(tx, unsuspension.userId);
    await forgetPagesAfterCommit(tx);
    await tx.insert(moderationActions).values({
      moderatorId: unsuspension.moderatorId,
      action: 'UNSUSPENDED',
      targetType: 'USER',
      targetId: unsuspension.userId,
    });
    return true;
  });
}
