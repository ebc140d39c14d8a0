import type { CurrentUser } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import { findUserById } from './users.queries.js';

export function createUsersService(db: Database) {
  return {
    /** The viewer's own account, or null when it no longer exists. */
    async currentUser(viewer: Viewer): Promise<CurrentUser | null> {
      const row = await findUserById(db, viewer.id);
      if (!row) return null;
      return {
        ...row,
        profilePicture: viewer.mediaUrl(row.profilePicture),
        createdAt: row.createdAt.toISOString(),
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
