import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userIdentities } from '../../db/schema/index.js';

export async function findUserIdByIdentity(db: Database, provider: string, subject: string) {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.userId ?? null;
}

export async function insertIdentity(
  db: Database,
  identity: { provider: string; subject: string; userId: number; email: string | null },
) {
  await db.insert(userIdentities).values(identity);
}
