import { SUSPENSION_MESSAGES, type SuspendBody, type SuspensionState } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import type { Viewer } from '../../lib/viewer.js';
import { findSuspensionTarget, suspendAccount, unsuspendAccount } from './suspensions.queries.js';

type SuspensionsDependencies = {
  db: Database;
  events: EventBus;
  /** ADMIN_EMAILS, lowercased: the accounts that moderate, and that cannot be suspended. */
  moderatorEmails: ReadonlySet<string>;
  /** Whether the user moderates (the reports service's check). */
  isModerator: (userId: number) => Promise<boolean>;
};

/** Moderators suspend accounts (no sign-in, content hidden from everyone) and lift suspensions. */
export function createSuspensionsService({
  db,
  events,
  moderatorEmails,
  isModerator,
}: SuspensionsDependencies) {
  /** The account to act on, once the viewer is known to moderate. */
  const targetFor = async (viewer: Viewer, userId: number) => {
    if (!(await isModerator(viewer.id))) throw forbidden(SUSPENSION_MESSAGES.moderatorsOnly);
    const target = await findSuspensionTarget(db, userId);
    if (!target) throw notFound(SUSPENSION_MESSAGES.userNotFound);
    return target;
  };

  return {
    async suspend(viewer: Viewer, userId: number, body: SuspendBody): Promise<SuspensionState> {
      const target = await targetFor(viewer, userId);
      if (userId === viewer.id) throw badRequest(SUSPENSION_MESSAGES.cannotSuspendSelf);
      if (moderatorEmails.has(target.email.toLowerCase())) {
        throw conflict(SUSPENSION_MESSAGES.cannotSuspendModerator);
      }
      // Refused inside the transaction, so that nothing its event deferred runs for a second suspension.
      const suspendedAt = await db.transaction(async (tx) => {
        const at = await suspendAccount(tx, { userId, moderatorId: viewer.id, reason: body.reason });
        if (!at) throw conflict(SUSPENSION_MESSAGES.alreadySuspended);
        await events.publish(tx, { type: 'user.suspended', userId });
        return at;
      });
      return {
        userId,
        suspendedAt: suspendedAt.toISOString(),
        message: SUSPENSION_MESSAGES.suspended(target.name),
      };
    },

    async unsuspend(viewer: Viewer, userId: number): Promise<SuspensionState> {
      const target = await targetFor(viewer, userId);
      if (!(await unsuspendAccount(db, { userId, moderatorId: viewer.id }))) {
        throw conflict(SUSPENSION_MESSAGES.notSuspended);
      }
      return { userId, suspendedAt: null, message: SUSPENSION_MESSAGES.unsuspended(target.name) };
    },
  };
}
export type SuspensionsService = ReturnType<typeof createSuspensionsService>;
