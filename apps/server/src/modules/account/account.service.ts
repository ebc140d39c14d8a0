import type { DeleteAccountBody } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import type { FileRemoval } from '../../lib/storage/file-removal.js';
import type { Storage } from '../../lib/storage/storage.js';
import { isStoredFile } from '../users/index.js';
import { deleteUser, lockUser, selectAccountData, selectOwnedFileKeys } from './account.queries.js';
import { accountArchive } from './account-export.js';

export function createAccountService({
  db,
  events,
  storage,
  removal,
  confirmDeletion,
  log,
}: {
  db: Database;
  events: EventBus;
  storage: Storage;
  removal: FileRemoval;
  /** Refuses unless the caller proved they own the account (the auth service's check). */
  confirmDeletion: (userId: number, body: DeleteAccountBody) => Promise<void>;
  log: FastifyBaseLogger;
}) {
  return {
    /** The person's data as a ZIP stream: JSON of what they made and chose, and the files they uploaded. */
    async exportArchive(userId: number) {
      return accountArchive(await selectAccountData(db, userId), storage, log);
    },

    /**
     * Deletes the account and everything that is the person's, in one transaction; their files are
     * removed after the commit. Every token of the account is refused from then on (its row is gone).
     */
    async deleteAccount(userId: number, body: DeleteAccountBody) {
      await confirmDeletion(userId, body);
      const keys = await db.transaction(async (tx) => {
        // Holding the row keeps new posts, plans and pictures (which reference it) out until the delete.
        await lockUser(tx, userId);
        const owned = await selectOwnedFileKeys(tx, userId);
        await events.publish(tx, { type: 'user.deleted', userId });
        await deleteUser(tx, userId);
        return owned;
      });
      await removal.removeUnreferenced(
        keys.filter((key): key is string => key !== null && isStoredFile(key)),
      );
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
