import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { remoteActors } from '../../db/schema/index.js';

const accountOf = sql<string>`lower(${remoteActors.handle})`;

/**
 * The people recorded here whose `@name@host` is one of `accounts` (lowercased), the latest recorded
 * where two actors share one: one statement on the handle's index, none without accounts.
 */
export function selectMentionedActors(db: Database, accounts: string[]) {
  if (accounts.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([accountOf], {
      account: accountOf,
      uri: remoteActors.uri,
      handle: remoteActors.handle,
      profileUrl: remoteActors.profileUrl,
      inboxUrl: remoteActors.inboxUrl,
      sharedInboxUrl: remoteActors.sharedInboxUrl,
    })
    .from(remoteActors)
    .where(inArray(accountOf, accounts))
    .orderBy(accountOf, sql`${remoteActors.updatedAt} desc`);
}
export type MentionedActor = Awaited<ReturnType<typeof selectMentionedActors>>[number];
