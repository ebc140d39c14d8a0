import { eq, sql } from 'drizzle-orm';
import { isBlockedBy, isMutedBy } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { isFollowedBy } from '../../db/follow-state.js';
import { users } from '../../db/schema/index.js';
import { visibleEmail } from '../../db/user-privacy.js';

/**
 * A user with the counts kept on their row (migration 0011), whether `viewerId` follows, blocked or
 * muted them, and their e-mail address if they show it to the viewer, in one statement.
 */
export async function findProfile(db: Database, id: number, viewerId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      handle: users.handle,
      email: visibleEmail(viewerId),
      bio: users.bio,
      location: users.location,
      profilePicture: users.profilePicture,
      createdAt: users.createdAt,
      followersCount: users.followersCount,
      followingCount: users.followingCount,
      postsCount: users.postsCount,
      isCurrentUserFollowing: isFollowedBy(viewerId),
      isBlocked: isBlockedBy(viewerId),
      isMuted: isMutedBy(viewerId),
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function userExists(db: Database, id: number): Promise<boolean> {
  return (await findSessionUser(db, id)) !== null;
}

/** What the auth plugin reads for each signed-in request, by primary key. */
export async function findSessionUser(db: Database, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      tokenVersion: users.tokenVersion,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The user's picture key and address, locking the row until the transaction ends so concurrent changes queue up. */
export async function lockProfilePicture(db: Database, id: number) {
  const [row] = await db
    .select({ profilePicture: users.profilePicture, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

export async function updateProfileFields(
  db: Database,
  id: number,
  fields: {
    name: string;
    bio: string | null;
    location: string | null;
    profilePicture: string | null;
  },
) {
  await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function setProfilePicture(db: Database, id: number, key: string) {
  await db.update(users).set({ profilePicture: key, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function findPrivacy(db: Database, id: number) {
  const [row] = await db.select({ showEmail: users.showEmail }).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function updatePrivacy(db: Database, id: number, settings: { showEmail: boolean }) {
  const [row] = await db
    .update(users)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ showEmail: users.showEmail });
  return row ?? null;
}
