import { sql } from 'drizzle-orm';
import type { UserRef } from './block-state.js';
import { follows, users } from './schema/index.js';

/** Whether `viewerId` follows the user of the row being selected (`users.id`). */
export const isFollowedBy = (viewerId: UserRef) =>
  sql<boolean>`exists (
    select 1 from ${follows}
    where ${follows.followerId} = ${viewerId} and ${follows.followedId} = ${users.id})`;
