import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export async function findUserById(db: Database, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      bio: users.bio,
      location: users.location,
      profilePicture: users.profilePicture,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
