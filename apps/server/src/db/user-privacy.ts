import { sql } from 'drizzle-orm';
import type { UserRef } from './block-state.js';
import { users } from './schema/index.js';

/**
 * The viewer id of a visitor reading signed out (PUBLIC_READING): no account has it, so every
 * per-viewer part of a statement (likes, saves, follows, progress, ownership, blocks) matches nothing
 * and returns its signed-out value.
 */
export const VISITOR_ID = 0;
const visitorLiteral = sql.raw(String(VISITOR_ID));

/**
 * The e-mail address of the user of the row being selected (`users.id`) as `viewerId` may see it:
 * null when that user turned "Show my e-mail address to others" off, unless it is the viewer, and
 * always null to a visitor (the setting says "others", meaning members; never the whole web).
 * Every response that carries a user's e-mail reads it through this.
 */
export const visibleEmail = (viewerId: UserRef) =>
  sql<string | null>`case
    when (${users.showEmail} and ${viewerId}::int <> ${visitorLiteral}) or ${users.id} = ${viewerId}
    then ${users.email} end`;
