import { sql } from 'drizzle-orm';
import type { UserRef } from './block-state.js';
import { users } from './schema/index.js';

/**
 * The e-mail address of the user of the row being selected (`users.id`) as `viewerId` may see it:
 * null when that user turned "Show my e-mail address to others" off, unless it is the viewer.
 * Every answer that carries a user's e-mail reads it through this.
 */
export const visibleEmail = (viewerId: UserRef) =>
  sql<string | null>`case when ${users.showEmail} or ${users.id} = ${viewerId} then ${users.email} end`;
