import { and, eq, inArray, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  actorKeys,
  departedActors,
  instanceActorKeys,
  learningPlans,
  planTags,
  planTopics,
  postMedia,
  posts,
  postTags,
  remoteActors,
  remoteFollowers,
  remotePostReactions,
  users,
} from '../../db/schema/index.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import { tagNamesOf } from '../../db/tagging.js';
import { NOBODY, planVisibleTo, postVisibleTo } from '../../db/visibility.js';

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

/** The instance actor's key pairs, as `selectActorKeys` reads a person's. */
export async function selectInstanceActorKeys(db: Database) {
  return db
    .select({
      algorithm: instanceActorKeys.algorithm,
      publicKey: instanceActorKeys.publicKey,
      privateKey: instanceActorKeys.privateKey,
    })
    .from(instanceActorKeys)
    .orderBy(instanceActorKeys.algorithm);
}

/** As `insertActorKeys`: the first keys stored are the ones every process then signs with. */
export async function insertInstanceActorKeys(
  db: Database,
  keys: { algorithm: string; publicKey: object; privateKey: object }[],
) {
  await db.insert(instanceActorKeys).values(keys).onConflictDoNothing();
}

/**
 * Whether the person still has an actor (shown to visitors, not suspended), with their row share-locked
 * until the transaction ends: hiding the profile locks it to end the follows with people elsewhere, so a
 * follow added here either commits before and is ended with the rest, or waits and is refused.
 */
export async function lockShownActor(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.showProfileToVisitors, true), sql`${users.suspendedAt} is null`),
    )
    .for('share');
  return row !== undefined;
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

/** An image or video of a post, as its `Article` attaches it. */
export type ArticleMedia = {
  type: 'IMAGE' | 'VIDEO';
  fileKey: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  altText: string;
};

/**
 * What an `Article` shows of a post: its media in their order, one subquery on the post's media index
 * (qualified by hand: in a one-table select Drizzle writes columns bare, and a bare "id" would be the
 * medium's own).
 */
const articleColumns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  content: posts.content,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  tags: tagNamesOf(postTags, postTags.postId, postTags.tagId, posts.id),
  media: sql<ArticleMedia[]>`coalesce((select json_agg(json_build_object('type', m.type,
      'fileKey', m.file_key, 'mimeType', m.mime_type, 'width', m.width, 'height', m.height,
      'altText', m.alt_text) order by m.position, m.id)
    from ${postMedia} m where m.post_id = ${posts}.id), '[]')`,
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
 * What an `Article` shows of a plan: its topics' titles in their order, one subquery on its index
 * (qualified by hand: in a one-table select Drizzle writes columns bare, and a bare "id" would be the
 * topic's own).
 */
const planArticleColumns = {
  id: learningPlans.id,
  authorId: learningPlans.creatorId,
  title: learningPlans.title,
  description: learningPlans.description,
  createdAt: learningPlans.createdAt,
  updatedAt: learningPlans.updatedAt,
  tags: tagNamesOf(planTags, planTags.planId, planTags.tagId, learningPlans.id),
  topics: sql<string[]>`array(select t.title from ${planTopics} t
    where t.plan_id = ${learningPlans}.id order by t.order_index)`,
};
const publicPlan = planVisibleTo(NOBODY, { publicOnly: true });

/** A public plan anyone may read (not hidden by a moderator, its creator not suspended), or null. */
export async function findPublicPlan(db: Database, planId: number) {
  const [row] = await db
    .select(planArticleColumns)
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), publicPlan));
  return row ?? null;
}
export type PlanArticleRow = NonNullable<Awaited<ReturnType<typeof findPublicPlan>>>;

/** The creator of a plan, hidden or not: whose followers hear that a moderator hid it. */
export async function findPublicPlanCreator(db: Database, planId: number) {
  const [row] = await db
    .select({ creatorId: learningPlans.creatorId })
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), eq(learningPlans.isPublic, true)));
  return row?.creatorId ?? null;
}

/** Where the outbox's last page ended: the item's date in microseconds since 1970, its kind and id. */
export type OutboxKey = { kind: 'posts' | 'plans'; id: number; micros: string };

/**
 * One page of the keys of the author's posts and public plans anyone may read, newest first, after
 * `after` (the cursor): one statement, each half on its author's newest-first index.
 */
export async function selectOutboxKeys(
  db: Database,
  authorId: number,
  after: OutboxKey | null,
  limit: number,
): Promise<OutboxKey[]> {
  const before = (at: SQLWrapper, kind: string, id: SQLWrapper) =>
    after === null
      ? sql`true`
      : sql`(${at}, ${kind}, ${id}) < (timestamptz 'epoch'
          + ${after.micros}::bigint * interval '1 microsecond', ${after.kind}, ${after.id})`;
  const micros = (at: SQLWrapper) => sql`(extract(epoch from ${at}) * 1000000)::bigint::text`;
  const result = (await db.execute(sql`select kind, id, micros from (
      (select 'posts' as kind, ${posts.id} as id, ${posts.createdAt} as at,
          ${micros(posts.createdAt)} as micros
        from ${posts} where ${posts.authorId} = ${authorId} and ${postVisibleTo(NOBODY)}
          and ${before(posts.createdAt, 'posts', posts.id)}
        order by ${posts.createdAt} desc, ${posts.id} desc limit ${limit})
      union all
      (select 'plans', ${learningPlans.id}, ${learningPlans.createdAt}, ${micros(learningPlans.createdAt)}
        from ${learningPlans} where ${learningPlans.creatorId} = ${authorId} and ${publicPlan}
          and ${before(learningPlans.createdAt, 'plans', learningPlans.id)}
        order by ${learningPlans.createdAt} desc, ${learningPlans.id} desc limit ${limit})
    ) items order by at desc, kind desc, id desc limit ${limit}`)) as unknown as { rows: OutboxKey[] };
  return result.rows;
}

/** The posts `ids` anyone may read, as `Article`s show them: one statement. */
export function selectPublicPosts(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(articleColumns)
    .from(posts)
    .where(and(inArray(posts.id, ids), postVisibleTo(NOBODY)));
}

/** The public plans `ids` anyone may read, as `Article`s show them: one statement. */
export function selectPublicPlans(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(planArticleColumns)
    .from(learningPlans)
    .where(and(inArray(learningPlans.id, ids), publicPlan));
}

/** How many posts and public plans of the author anyone may read: one statement. */
export async function countOutbox(db: Database, authorId: number) {
  const [row] = await db
    .select({
      total: sql<number>`(select count(*)::int from ${posts}
        where ${posts.authorId} = ${authorId} and ${postVisibleTo(NOBODY)})
        + (select count(*)::int from ${learningPlans}
        where ${learningPlans.creatorId} = ${authorId} and ${publicPlan})`,
    })
    .from(sql`(select 1) one`);
  return row?.total ?? 0;
}

export type RemoteActorInput = {
  uri: string;
  handle: string;
  name: string | null;
  iconUrl: string | null;
  profileUrl: string;
  /** Given by a reply of theirs (checked not to be private addresses), else left as they were. */
  inboxUrl?: string | null;
  sharedInboxUrl?: string | null;
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
        ...(actor.inboxUrl !== undefined && {
          inboxUrl: actor.inboxUrl,
          sharedInboxUrl: actor.sharedInboxUrl ?? null,
        }),
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
  if (inserted.length > 0) await forgetPartsAfterCommit(db, { posts: [reaction.postId] });
  return inserted.length > 0;
}

/**
 * Removes the like or share that the activity `activityId` of actor `actorUri` made, which their `Undo`
 * names: one statement; false when there was none.
 */
export async function deleteRemoteReaction(db: Database, actorUri: string, activityId: string) {
  const result = (await db.execute(sql`delete from ${remotePostReactions} r using ${remoteActors} a
    where a.id = r.remote_actor_id and a.uri = ${actorUri} and r.activity_id = ${activityId}
    returning r.post_id`)) as unknown as { rows: { post_id: number }[] };
  if (result.rows.length > 0)
    await forgetPartsAfterCommit(db, { posts: result.rows.map((row) => row.post_id) });
  return result.rows.length > 0;
}
