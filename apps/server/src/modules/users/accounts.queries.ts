import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type NewAccount = {
  name: string;
  email: string;
  passwordHash?: string | null;
  profilePicture?: string | null;
};

export async function handlesStartingWith(db: Database, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ handle: users.handle })
    .from(users)
    .where(sql`starts_with(${users.handle}, ${prefix})`);
  return new Set(rows.map((row) => row.handle));
}

export async function insertUser(db: Database, account: NewAccount & { handle: string }) {
  const [row] = await db.insert(users).values(account).returning({ id: users.id, handle: users.handle });
  return row!;
}
