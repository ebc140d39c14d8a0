import { and, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  actorKeys,
  departedActors,
  posts,
  postTags,
  remoteActors,
  remoteFollowers,
  remotePostReactions,
  users,
} from '../../db/schema/index.js';
import { tagNamesOf } from '../../db/tagging.js';
import { NOBODY, postVisibleTo } from '../../db/visibility.js';

/**
 * The person behind actor `id` as other servers see them, with their remote followers' count, or
 * whether that account was deleted after it federated: one statement.
 */
export async function findActor(db: Database, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      handle: users.handle,
      bio: users.bio,
      profilePicture: users.profilePicture,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      showProfileToVisitors: users.showProfileToVisitors,
      followersCount: users.followersCount,
      followingCount: users.followingCount,
      // Qualified by hand: in a one-table select Drizzle writes columns bare, and a bare "id" here
      // would be the follower row's own id, so only a follower whose row id was the user's counted.
      remoteFollowersCount: sql<number>`(select count(*)::int from ${remoteFollowers} rf
        where rf.user_id = ${users}.id)`,
    })
    .from(users)
    .where(eq(users.id, id));
  if (row) return { kind: 'present' as const, ...row };
  const [departed] = await db
    .select({ departedAt: departedActors.departedAt })
    .from(departedActors)
    .where(eq(departedActors.userId, id));
  return departed ? { kind: 'departed' as const, departedAt: departed.departedAt } : null;
}
export type ActorRow = Extract<NonNullable<Awaited<ReturnType<typeof findActor>>>, { kind: 'present' }>;

/** The id of the person with `handle` (lowercased, as stored): the unique index. */
export async function findUserIdByHandle(db: Database, handle: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.handle, handle.toLowerCase()));
  return row?.id ?? null;
}

export async function selectActorKeys(db: Database, userId: number) {
  return db
    .select({
      algorithm: actorKeys.algorithm,
      publicKey: actorKeys.publicKey,
      privateKey: actorKeys.privateKey,
    })
    .from(actorKeys)
    .where(eq(actorKeys.userId, userId))
    .orderBy(actorKeys.algorithm);
}

/**
 * Stores freshly made key pairs unless another request stored some first (the keys then read back are
 * the ones kept): two servers fetching a new actor at once must not see two different keys.
 */
export async function insertActorKeys(
  db: Database,
  userId: number,
  keys: { algorithm: string; publicKey: object; privateKey: object }[],
) {
  await db
    .insert(actorKeys)
    .values(keys.map((key) => ({ userId, ...key })))
    .onConflictDoNothing();
}

export async function insertRemoteFollower(
  db: Database,
  follower: {
    userId: number;
    actorUri: string;
    handle: string;
    inboxUrl: string;
    sharedInboxUrl: string | null;
    followId: string | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(remoteFollowers)
    .values(follower)
    .onConflictDoUpdate({
      target: [remoteFollowers.userId, remoteFollowers.actorUri],
      set: {
        inboxUrl: follower.inboxUrl,
        sharedInboxUrl: follower.sharedInboxUrl,
        followId: follower.followId,
      },
    })
    .returning({ isNew: sql<boolean>`xmax = 0` });
  return inserted[0]?.isNew ?? false;
}

export async function deleteRemoteFollower(db: Database, userId: number, actorUri: string) {
  await db
    .delete(remoteFollowers)
    .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorUri, actorUri)));
}

/** Every remote follower's inboxes of `userId`, to deliver to: one statement on (user_id, id). */
export function selectRemoteFollowerInboxes(db: Database, userId: number) {
  return db
    .select({
      actorUri: remoteFollowers.actorUri,
      inboxUrl: remoteFollowers.inboxUrl,
      sharedInboxUrl: remoteFollowers.sharedInboxUrl,
    })
    .from(remoteFollowers)
    .where(eq(remoteFollowers.userId, userId))
    .orderBy(remoteFollowers.id);
}

/** What an `Article` shows of a post. */
const articleColumns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  content: posts.content,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  tags: tagNamesOf(postTags, postTags.postId, postTags.tagId, posts.id),
};

/** A post anyone may read (not hidden by a moderator, its author not suspended), or null. */
export async function findPublicPost(db: Database, postId: number) {
  const [row] = await db
    .select(articleColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), postVisibleTo(NOBODY)));
  return row ?? null;
}
export type ArticleRow = NonNullable<Awaited<ReturnType<typeof findPublicPost>>>;

/**
 * The author of a post that has appeared (not a scheduled one still waiting), hidden or not: whose
 * followers hear that a moderator hid it.
 */
export async function findPublishedPostAuthor(db: Database, postId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNotNull(posts.publishedAt)));
  return row?.authorId ?? null;
}

/**
 * One page of the author's posts anyone may read, newest first, before post `beforeId` (the cursor):
 * one statement on the author's newest-first index, whatever the page holds.
 */
export function selectOutboxPage(db: Database, authorId: number, beforeId: number | null, limit: number) {
  return db
    .select(articleColumns)
    .from(posts)
    .where(
      and(
        eq(posts.authorId, authorId),
        postVisibleTo(NOBODY),
        beforeId === null ? undefined : lt(posts.id, beforeId),
      ),
    )
    .orderBy(desc(posts.id))
    .limit(limit);
}

export async function countOutbox(db: Database, authorId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), postVisibleTo(NOBODY)));
  return row?.total ?? 0;
}

export type RemoteActorInput = {
  uri: string;
  handle: string;
  name: string | null;
  iconUrl: string | null;
  profileUrl: string;
};

/** Records a remote person as their actor document describes them now, and answers their local id. */
export async function upsertRemoteActor(db: Database, actor: RemoteActorInput): Promise<number> {
  const [row] = await db
    .insert(remoteActors)
    .values(actor)
    .onConflictDoUpdate({
      target: remoteActors.uri,
      set: {
        handle: actor.handle,
        name: actor.name,
        iconUrl: actor.iconUrl,
        profileUrl: actor.profileUrl,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: remoteActors.id });
  return row!.id;
}

/** Adds a remote like or share unless that person already has one of the post; true when added. */
export async function insertRemoteReaction(
  db: Database,
  reaction: { postId: number; remoteActorId: number; kind: 'LIKE' | 'ANNOUNCE'; activityId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(remotePostReactions)
    .values(reaction)
    .onConflictDoNothing()
    .returning({ postId: remotePostReactions.postId });
  return inserted.length > 0;
}

/**
 * Removes the like or share that the activity `activityId` of actor `actorUri` made, which their `Undo`
 * names: one statement; false when there was none.
 */
export async function deleteRemoteReaction(db: Database, actorUri: string, activityId: string) {
  const result = (await db.execute(sql`delete from ${remotePostReactions} r using ${remoteActors} a
    where a.id = r.remote_actor_id and a.uri = ${actorUri} and r.activity_id = ${activityId}
    returning r.post_id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
