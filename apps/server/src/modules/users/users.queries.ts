import type { PrivacySettingsUpdate } from '@pathwise/contract';
import { eq, sql } from 'drizzle-orm';
import { isBlockedBy, isMutedBy, type UserRef } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { isFollowedBy } from '../../db/follow-state.js';
import { users } from '../../db/schema/index.js';
import { forgetPagesAfterCommit } from '../../db/shared-pages.js';
import { visibleEmail } from '../../db/user-privacy.js';

/**
 * A user with the counts kept on their row (migration 0011), whether the viewer follows, blocked or
 * muted them, and their e-mail address if they show it to the viewer, in one statement.
 */
const selectProfile = (db: Database, viewerId: UserRef) =>
  db
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
      showProfileToVisitors: users.showProfileToVisitors,
    })
    .from(users);

/** What the auth plugin reads for each signed-in request, by primary key. */
const selectSessionUser = (db: Database, id: UserRef) =>
  db
    .select({
      id: users.id,
      tokenVersion: users.tokenVersion,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, id));

/**
 * The user reads of every request, built once: the session look-up runs before each signed-in
 * request, and Drizzle building its SQL again each time was a sixth of a small request's time.
 */
export function prepareUserReads(db: Database) {
  const id = sql.placeholder('id');
  const viewerId = sql.placeholder('viewerId');
  const sessionUser = selectSessionUser(db, id).prepare('users_session_user');
  const handle = sql.placeholder('handle');
  const profile = selectProfile(db, viewerId).where(eq(users.id, id)).prepare('users_profile');
  const profileByHandle = selectProfile(db, viewerId)
    .where(eq(users.handle, sql`lower(${handle})`))
    .prepare('users_profile_by_handle');
  return {
    sessionUser: async (userId: number) => (await sessionUser.execute({ id: userId }))[0] ?? null,
    profile: async (userId: number, viewer: number) =>
      (await profile.execute({ id: userId, viewerId: viewer }))[0] ?? null,
    /** Handles are stored lowercased, so `@AnnLee` finds annlee as a mention does. */
    profileByHandle: async (userHandle: string, viewer: number) =>
      (await profileByHandle.execute({ handle: userHandle, viewerId: viewer }))[0] ?? null,
  };
}
/** The text of the session look-up as sent (tests leave it out of a route's statements). */
export const sessionUserStatementOf = (db: Database) =>
  selectSessionUser(db, sql.placeholder('id')).toSQL().sql;

export type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareUserReads>['profile']>>>;

export async function userExists(db: Database, id: number): Promise<boolean> {
  return (await selectSessionUser(db, id)).length > 0;
}

/**
 * The user's picture key and address, locking the row until the transaction ends so concurrent changes queue
 * up.
 */
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
  // The kept first pages show the name and picture: this process forgets them before it answers.
  await forgetPagesAfterCommit(db);
}

export async function setProfilePicture(db: Database, id: number, key: string) {
  await db.update(users).set({ profilePicture: key, updatedAt: sql`now()` }).where(eq(users.id, id));
  await forgetPagesAfterCommit(db);
}

const privacyColumns = {
  showEmail: users.showEmail,
  showProfileToVisitors: users.showProfileToVisitors,
  showLearningCalendar: users.showLearningCalendar,
};

export async function findPrivacy(db: Database, id: number) {
  const [row] = await db.select(privacyColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The privacy settings, locking the row until the transaction ends so concurrent changes queue up. */
export async function lockPrivacy(db: Database, id: number) {
  const [row] = await db.select(privacyColumns).from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function updatePrivacy(db: Database, id: number, settings: PrivacySettingsUpdate) {
  const [row] = await db
    .update(users)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(privacyColumns);
  return row ?? null;
}
