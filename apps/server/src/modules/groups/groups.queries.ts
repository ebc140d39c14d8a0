import type { GroupBoardSort, SortDirection } from '@pathwise/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { noBlockBetween, shownTo, type UserRef } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import {
  studyGroupMembers,
  studyGroupPostMedia,
  studyGroupPosts,
  studyGroupRemovals,
  studyGroups,
  studyGroupTopicsDone,
} from '../../db/schema/index.js';
import { groupShownTo, planColumnsOf, planVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';
import type { MediaItem, NewMedia } from '../../lib/uploads/media.js';

type Window = { limit: number; offset: number };
type Rows<T> = { rows: T[] };

/** A group as the viewer sees it: one row of `g` with its plan `p`, founder `f` and the viewer's row `me`. */
const groupColumns = sql`g.id, g.name, g.description, g.invite_only as "inviteOnly",
  g.start_date as "startDate",
  g.topics_per_week as "topicsPerWeek", g.created_at as "createdAt", g.founder_id as "founderId",
  json_build_object('id', p.id, 'title', p.title) as plan,
  json_build_object('id', f.id, 'name', f.name, 'profilePicture', f.profile_picture) as founder,
  (select count(*) from ${studyGroupMembers} c where c.group_id = g.id)::int as "memberCount",
  me.role as "memberRole",
  case when me.role = 'ORGANISER' then g.invite_token end as "inviteToken"`;

export type GroupRow = {
  id: number;
  name: string;
  description: string;
  inviteOnly: boolean;
  startDate: string | null;
  topicsPerWeek: number | null;
  createdAt: string;
  founderId: number;
  plan: { id: number; title: string };
  founder: { id: number; name: string; profilePicture: string | null };
  memberCount: number;
  /** ORGANISER or MEMBER; null when the viewer is not a member. */
  memberRole: string | null;
  inviteToken: string | null;
};

/**
 * Creates a group on a plan `viewer` may see, with them as its founding organiser, in one statement;
 * null when the plan is not visible to them.
 */
export async function insertGroup(
  db: Database,
  viewer: number,
  group: {
    planId: number;
    name: string;
    description: string;
    inviteOnly: boolean;
    inviteToken: string;
    startDate: string | null;
    topicsPerWeek: number | null;
  },
): Promise<number | null> {
  const result = (await db.execute(sql`with made as (
      insert into ${studyGroups} (plan_id, founder_id, name, description, invite_only, invite_token,
        start_date, topics_per_week)
      select p.id, ${viewer}::int, ${group.name}::text, ${group.description}::text,
        ${group.inviteOnly}::boolean,
        ${group.inviteToken}::text, ${group.startDate}::date, ${group.topicsPerWeek}::int
      from learning_plans p
      where p.id = ${group.planId} and ${planVisibleTo(viewer, { plan: planColumnsOf('p') })}
      returning id
    )
    insert into ${studyGroupMembers} (group_id, user_id, role)
    select id, ${viewer}::int, 'ORGANISER' from made
    returning group_id as id`)) as unknown as Rows<{ id: number }>;
  return result.rows[0]?.id ?? null;
}

/**
 * The group as `viewer` sees it, or null when they may not: a member sees it; anyone else who may see
 * the plan sees a public group, or an invite-only one with its invite token.
 */
export async function selectGroup(
  db: Database,
  viewer: number,
  groupId: number,
  invite: string | undefined,
): Promise<GroupRow | null> {
  const result = (await db.execute(sql`select ${groupColumns}
    from ${studyGroups} g
    join learning_plans p on p.id = g.plan_id
    join users f on f.id = g.founder_id
    left join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
    where g.id = ${groupId} and ${groupShownTo(viewer)}
      and (me.user_id is not null or not g.invite_only
        or (g.invite_token is not null
          and g.invite_token = ${invite ?? null}::text))`)) as unknown as Rows<GroupRow>;
  return result.rows[0] ?? null;
}

/**
 * Whether a group `g` (with its plan `p` and the viewer's membership `me`) is listed to `viewer` where
 * they did not ask for it by its link (search, profiles): public, or invite-only with them in it.
 */
const listedTo = (viewer: UserRef) =>
  sql<boolean>`(${groupShownTo(viewer)} and (not g.invite_only or me.user_id is not null))`;

/**
 * Whether search may show `viewer` the group row `group` (a `study_groups` row of the outer statement): a
 * public group on a plan they may see, or an invite-only one they are in; never one whose founder is
 * hidden from them. What `selectGroup` shows without an invite.
 */
export const groupFoundBy = (viewer: UserRef, group: AnyPgColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${studyGroups} g
    join learning_plans p on p.id = g.plan_id
    left join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
    where g.id = ${group} and ${listedTo(viewer)})`;

/** The groups of `ids` that search may show `viewer` (`groupFoundBy`), in any order: one statement. */
export async function selectGroupsWithIds(db: Database, viewer: number, ids: number[]): Promise<GroupRow[]> {
  const result = (await db.execute(sql`select ${groupColumns}
    from ${studyGroups} g
    join learning_plans p on p.id = g.plan_id
    join users f on f.id = g.founder_id
    left join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
    where g.id = any(${sql.param(ids)}::int[]) and ${listedTo(viewer)}`)) as unknown as Rows<GroupRow>;
  return result.rows;
}

/** One page of the viewer's groups (newest joined first) with how many there are: one statement. */
export async function selectMyGroups(db: Database, viewer: number, window: Window) {
  const result = (await db.execute(sql`with mine as (
      select ${groupColumns}, me.joined_at
      from ${studyGroupMembers} me
      join ${studyGroups} g on g.id = me.group_id
      join learning_plans p on p.id = g.plan_id
      join users f on f.id = g.founder_id
      where me.user_id = ${viewer} and ${groupShownTo(viewer)}
    )
    select (select count(*) from mine)::int as total,
      coalesce((select json_agg(row_to_json(page) order by page.joined_at desc, page.id desc) from (
        select * from mine order by joined_at desc, id desc
        limit ${literalLimit(window.limit)} offset ${window.offset}) page), '[]')
      as groups`)) as unknown as Rows<{
    total: number;
    groups: GroupRow[];
  }>;
  return result.rows[0]!;
}

/**
 * Adds `viewer` to the group as a member unless the organisers removed them or a block stands between them
 * and the founder (asked under the pair's lock, so a block and a join never cross): whether they are in it
 * afterwards, and whether a removal refused them.
 */
export async function insertMember(db: Database, viewer: number, groupId: number) {
  const result = (await db.execute(sql`with removal as (
      select exists (select 1 from ${studyGroupRemovals} r
        where r.group_id = ${groupId} and r.user_id = ${viewer}) as removed
    ), joined as (
      insert into ${studyGroupMembers} (group_id, user_id, role)
      select g.id, ${viewer}::int, 'MEMBER' from ${studyGroups} g
      where g.id = ${groupId} and not (select removed from removal)
        and ${noBlockBetween(viewer, sql.raw('g.founder_id'))}
      on conflict do nothing
      returning user_id
    )
    select exists (select 1 from joined) as joined,
      (select removed from removal) as removed`)) as unknown as Rows<{ joined: boolean; removed: boolean }>;
  return result.rows[0]!;
}

/** Records that an organiser removed `userId`; removed again later, the newer removal replaces it. */
export async function upsertRemoval(db: Database, groupId: number, userId: number, removedBy: number) {
  await db
    .insert(studyGroupRemovals)
    .values({ groupId, userId, removedBy })
    .onConflictDoUpdate({
      target: [studyGroupRemovals.groupId, studyGroupRemovals.userId],
      set: { removedBy, removedAt: sql`now()` },
    });
}

/** Lifts a removal, so the person may join again; whether there was one. */
export async function deleteRemoval(db: Database, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(studyGroupRemovals)
    .where(and(eq(studyGroupRemovals.groupId, groupId), eq(studyGroupRemovals.userId, userId)))
    .returning({ id: studyGroupRemovals.userId });
  return rows.length > 0;
}

export type RemovalRow = { user: AuthorJson; removedBy: AuthorJson | null; removedAt: string };

/**
 * One page of the people removed from the group, most recently first, with how many: one statement. As on
 * the board, people hidden from the viewer (blocked either way, suspended) are left out, and a remover
 * hidden from them is not named.
 */
export async function selectRemovals(db: Database, viewer: number, groupId: number, window: Window) {
  const person = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name,
      'profilePicture', ${alias}.profile_picture)`);
  const result = (await db.execute(sql`with removed as (
      select r.user_id, r.removed_by, r.removed_at from ${studyGroupRemovals} r
      where r.group_id = ${groupId} and ${shownTo(viewer, sql.raw('r.user_id'), { muted: false })}
    ), page as (
      select * from removed order by removed_at desc, user_id
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select (select count(*) from removed)::int as total,
      coalesce((select json_agg(json_build_object('user', ${person('u')},
          'removedBy', case when b.id is null then null else ${person('b')} end, 'removedAt', page.removed_at)
        order by page.removed_at desc, page.user_id)
        from page join users u on u.id = page.user_id
        left join users b on b.id = page.removed_by
          and ${shownTo(viewer, sql.raw('page.removed_by'), { muted: false })}), '[]')
      as removals`)) as unknown as Rows<{ total: number; removals: RemovalRow[] }>;
  return result.rows[0]!;
}

/** The member's role, or null when they are not one. */
export async function selectMemberRole(db: Database, groupId: number, userId: number) {
  const [row] = await db
    .select({ role: studyGroupMembers.role })
    .from(studyGroupMembers)
    .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)));
  return row?.role ?? null;
}

export async function deleteMember(db: Database, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(studyGroupMembers)
    .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)))
    .returning({ id: studyGroupMembers.userId });
  return rows.length > 0;
}

export async function updateMemberRole(db: Database, groupId: number, userId: number, role: string) {
  const rows = await db
    .update(studyGroupMembers)
    .set({ role })
    .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)))
    .returning({ id: studyGroupMembers.userId });
  return rows.length > 0;
}

export async function updateInviteToken(db: Database, groupId: number, token: string | null) {
  await db.update(studyGroups).set({ inviteToken: token }).where(eq(studyGroups.id, groupId));
}

export type BoardRow = {
  /** Whether the viewer is a member of a group they may see: when false, nothing else is read. */
  found: boolean;
  startDate: string | null;
  topicsPerWeek: number | null;
  total: number;
  topics: { id: number; title: string }[];
  members: {
    userId: number;
    name: string;
    profilePicture: string | null;
    role: string;
    founder: boolean;
    joinedAt: string;
    statuses: string[];
  }[];
};

/** The board's order: the sort's own keys in `direction`, then a fixed tie-break so pages never overlap. */
function boardOrder(sort: GroupBoardSort, direction: SortDirection): SQL {
  const dir = direction === 'desc' ? 'desc' : 'asc';
  const back = direction === 'desc' ? 'asc' : 'desc';
  const byRole = "s.founder desc, (s.role = 'ORGANISER') desc, s.joined_at, s.user_id";
  const keys: Record<GroupBoardSort, string> = {
    role: `s.founder ${back}, (s.role = 'ORGANISER') ${back}, s.joined_at ${dir}, s.user_id ${dir}`,
    name: `lower(s.name) ${dir}, s.user_id ${dir}`,
    joined: `s.joined_at ${dir}, s.user_id ${dir}`,
    progress: `progress.passed ${dir}, progress.completed ${dir}, ${byRole}`,
  };
  return sql.raw(keys[sort]);
}

/**
 * The topics each shown member `s` passed (done or skipped, as the pace counts them) and finished, for the
 * progress sort only: other orders read no one's progress beyond the page.
 */
const progressOf = (sort: GroupBoardSort) =>
  sort === 'progress'
    ? sql`cross join lateral (select
        count(*) filter (where tp.status in ('COMPLETED', 'SKIPPED')) as passed,
        count(*) filter (where tp.status = 'COMPLETED') as completed
      from topic_progress tp join topics t on t.id = tp.topic_id where tp.user_id = s.user_id) progress`
    : sql``;

/**
 * The progress board: the plan's topics and one page of members in the order asked (by default founder,
 * organisers, then by joining), each with their status of every topic, in one statement whatever the
 * page holds or its order: the members are sorted before paging. Read by members only; members hidden
 * from the viewer (blocked either way, suspended) are left out.
 */
export async function selectBoard(
  db: Database,
  viewer: number,
  groupId: number,
  window: Window,
  order: { sort: GroupBoardSort; direction: SortDirection },
) {
  const result = (await db.execute(sql`with grp as (
      select g.id, g.plan_id, g.founder_id, g.start_date, g.topics_per_week
      from ${studyGroups} g
      join learning_plans p on p.id = g.plan_id
      join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
      where g.id = ${groupId} and ${groupShownTo(viewer)}
    ), topics as (
      select t.id, t.title, t.order_index from plan_topics t join grp on t.plan_id = grp.plan_id
    ), shown as (
      select m.user_id, m.role, m.joined_at, m.user_id = grp.founder_id as founder, u.name, u.profile_picture
      from ${studyGroupMembers} m join grp on m.group_id = grp.id join users u on u.id = m.user_id
      where ${shownTo(viewer, sql.raw('m.user_id'), { muted: false })}
    ), page as (
      select * from (
        select s.*, row_number() over (order by ${boardOrder(order.sort, order.direction)}) as position
        from shown s ${progressOf(order.sort)}
      ) ranked
      order by position
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select exists (select 1 from grp) as found,
      (select start_date from grp) as "startDate", (select topics_per_week from grp) as "topicsPerWeek",
      (select count(*) from shown)::int as total,
      coalesce((select json_agg(json_build_object('id', id, 'title', title) order by order_index, id)
        from topics), '[]') as topics,
      coalesce((select json_agg(json_build_object('userId', page.user_id, 'name', page.name,
          'profilePicture', page.profile_picture, 'role', page.role, 'founder', page.founder,
          'joinedAt', page.joined_at,
          'statuses', coalesce((
            select json_agg(coalesce(tp.status, 'NOT_STARTED') order by t.order_index, t.id)
            from topics t
            left join topic_progress tp on tp.topic_id = t.id and tp.user_id = page.user_id), '[]'))
        order by page.position)
        from page), '[]') as members`)) as unknown as Rows<BoardRow>;
  return result.rows[0]!;
}

type AuthorJson = { id: number; name: string; profilePicture: string | null };
export type GroupPostRow = {
  id: number;
  author: AuthorJson;
  content: string;
  media: MediaItem[];
  createdAt: string;
  replies?: GroupPostRow[];
};

/** The media of the group post `alias` as JSON, in their order (one subquery of its statement). */
const mediaOf = (alias: string) =>
  sql.raw(`coalesce((select json_agg(json_build_object('id', m.id, 'type', m.type, 'fileKey', m.file_key,
    'thumbnailKey', m.thumbnail_key, 'width', m.width, 'height', m.height,
    'durationSeconds', m.duration_seconds, 'altText', m.alt_text) order by m.position)
    from study_group_post_media m where m.post_id = ${alias}.id), '[]')`);

/**
 * One page of the group's discussion (newest post first), each post with its replies (oldest first), for
 * a member: one statement whatever the page holds; `found` false when the viewer is not a member of a
 * group they may see. Posts and replies of people hidden from the viewer are left out.
 */
export async function selectGroupPosts(db: Database, viewer: number, groupId: number, window: Window) {
  const author = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name,
    'profilePicture', ${alias}.profile_picture)`);
  const result = (await db.execute(sql`with grp as (
      select g.id from ${studyGroups} g
      join learning_plans p on p.id = g.plan_id
      join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
      where g.id = ${groupId} and ${groupShownTo(viewer)}
    ), shown as (
      select gp.* from ${studyGroupPosts} gp join grp on gp.group_id = grp.id
      where gp.parent_id is null and ${shownTo(viewer, sql.raw('gp.author_id'), { muted: false })}
    ), page as (
      select * from shown order by created_at desc, id desc
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select exists (select 1 from grp) as found, (select count(*) from shown)::int as total,
      coalesce((select json_agg(json_build_object('id', page.id, 'author', ${author('u')},
          'content', page.content, 'media', ${mediaOf('page')}, 'createdAt', page.created_at,
          'replies', coalesce((select json_agg(json_build_object('id', r.id, 'author', ${author('ru')},
              'content', r.content, 'media', ${mediaOf('r')}, 'createdAt', r.created_at)
              order by r.created_at, r.id)
            from ${studyGroupPosts} r join users ru on ru.id = r.author_id
            where r.parent_id = page.id
              and ${shownTo(viewer, sql.raw('r.author_id'), { muted: false })}), '[]'))
        order by page.created_at desc, page.id desc)
        from page join users u on u.id = page.author_id), '[]') as posts`)) as unknown as Rows<{
    found: boolean;
    total: number;
    posts: GroupPostRow[];
  }>;
  return result.rows[0]!;
}

/**
 * Writes a post, or a reply to a post of the same group (a reply to a reply is refused), with the author
 * of the post replied to: null when that post is not the group's.
 */
export async function insertGroupPost(
  db: Database,
  post: { groupId: number; authorId: number; content: string; replyToId: number | null },
): Promise<(Omit<GroupPostRow, 'media'> & { repliedToAuthorId: number | null }) | null> {
  const result = (await db.execute(sql`with made as (
      insert into ${studyGroupPosts} (group_id, author_id, parent_id, content)
      select ${post.groupId}::int, ${post.authorId}::int, ${post.replyToId}::int, ${post.content}::text
      where ${post.replyToId}::int is null or exists (select 1 from ${studyGroupPosts} p
        where p.id = ${post.replyToId}::int and p.group_id = ${post.groupId} and p.parent_id is null)
      returning id, author_id, parent_id, content, created_at
    )
    select made.id,
      json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture) as author,
      made.content, made.created_at as "createdAt",
      (select p.author_id from ${studyGroupPosts} p where p.id = made.parent_id) as "repliedToAuthorId"
    from made join users u on u.id = made.author_id`)) as unknown as Rows<
    Omit<GroupPostRow, 'media'> & { repliedToAuthorId: number | null }
  >;
  return result.rows[0] ?? null;
}

/** Writes the stored media of a new group post, in the order sent. */
export async function insertGroupPostMedia(
  db: Database,
  postId: number,
  media: readonly NewMedia[],
): Promise<MediaItem[]> {
  if (media.length === 0) return [];
  const rows = await db
    .insert(studyGroupPostMedia)
    .values(media.map((item, position) => ({ ...item, postId, position })))
    .returning();
  return rows.sort((a, b) => a.position - b.position);
}

/** The author of a post or reply of the group; null when there is none with that id. */
export async function selectGroupPostAuthor(db: Database, groupId: number, postId: number) {
  const [row] = await db
    .select({ authorId: studyGroupPosts.authorId })
    .from(studyGroupPosts)
    .where(and(eq(studyGroupPosts.id, postId), eq(studyGroupPosts.groupId, groupId)));
  return row?.authorId ?? null;
}

/**
 * Deletes a post (its replies go with it); answers the storage keys of every file they held, read from
 * the statement's snapshot, before the delete.
 */
export async function deleteGroupPost(db: Database, postId: number): Promise<string[]> {
  const result = (await db.execute(sql`with gone as (
      delete from ${studyGroupPosts} where id = ${postId}
    ), files as (
      select m.file_key, m.thumbnail_key from ${studyGroupPostMedia} m
      join ${studyGroupPosts} p on p.id = m.post_id
      where p.id = ${postId} or p.parent_id = ${postId}
    )
    select file_key as key from files
    union all select thumbnail_key from files where thumbnail_key is not null`)) as unknown as Rows<{
    key: string;
  }>;
  return result.rows.map((row) => row.key);
}

/**
 * Records that `userId` finished the topic, once per person and topic, when they are in a group on its
 * plan: the groups to announce it to, none when it was recorded before (done, undone and done again)
 * or they are in no group on the plan. One statement.
 */
export async function insertTopicDone(
  db: Database,
  done: { userId: number; topicId: number; planId: number },
): Promise<{ id: number; name: string }[]> {
  const result = (await db.execute(sql`with made as (
      insert into ${studyGroupTopicsDone} (user_id, topic_id, plan_id)
      select ${done.userId}::int, ${done.topicId}::int, ${done.planId}::int
      where exists (select 1 from ${studyGroupMembers} m join ${studyGroups} g on g.id = m.group_id
        where m.user_id = ${done.userId} and g.plan_id = ${done.planId})
      on conflict do nothing
      returning plan_id
    )
    select g.id, g.name from ${studyGroups} g
    join ${studyGroupMembers} m on m.group_id = g.id and m.user_id = ${done.userId}
    where g.plan_id in (select plan_id from made)
    order by g.id`)) as unknown as Rows<{ id: number; name: string }>;
  return result.rows;
}

export type ActivityRow = {
  user: AuthorJson;
  topic: { id: number; title: string };
  doneAt: string;
};

/**
 * One page of the group's activity, newest first: the topics its members finished, while they stay done
 * (marked not done, a line is gone; done again, it is back at its first time), in one statement; `found`
 * false when the viewer is not a member of a group they may see. People hidden from the viewer are left
 * out.
 */
export async function selectGroupActivity(db: Database, viewer: number, groupId: number, window: Window) {
  const result = (await db.execute(sql`with grp as (
      select g.id, g.plan_id from ${studyGroups} g
      join learning_plans p on p.id = g.plan_id
      join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
      where g.id = ${groupId} and ${groupShownTo(viewer)}
    ), shown as (
      select d.user_id, d.topic_id, d.done_at from ${studyGroupTopicsDone} d
      join grp on d.plan_id = grp.plan_id
      join ${studyGroupMembers} m on m.group_id = grp.id and m.user_id = d.user_id
      join topic_progress tp on tp.user_id = d.user_id and tp.topic_id = d.topic_id
        and tp.status = 'COMPLETED'
      where ${shownTo(viewer, sql.raw('d.user_id'), { muted: false })}
    ), page as (
      select * from shown order by done_at desc, user_id, topic_id
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select exists (select 1 from grp) as found, (select count(*) from shown)::int as total,
      coalesce((select json_agg(json_build_object(
          'user', json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture),
          'topic', json_build_object('id', t.id, 'title', t.title), 'doneAt', page.done_at)
        order by page.done_at desc, page.user_id, page.topic_id)
        from page join users u on u.id = page.user_id join plan_topics t on t.id = page.topic_id), '[]')
      as activity`)) as unknown as Rows<{ found: boolean; total: number; activity: ActivityRow[] }>;
  return result.rows[0]!;
}

/**
 * One page of the groups `userId` is a member of that `viewer` may see (newest joined first), with how
 * many: public ones, and invite-only ones only when the viewer is in them too; none of someone hidden
 * from the viewer. One statement.
 */
export async function selectGroupsOfUser(db: Database, viewer: number, userId: number, window: Window) {
  const result = (await db.execute(sql`with theirs as (
      select ${groupColumns}, m.joined_at
      from ${studyGroupMembers} m
      join ${studyGroups} g on g.id = m.group_id
      join learning_plans p on p.id = g.plan_id
      join users f on f.id = g.founder_id
      left join ${studyGroupMembers} me on me.group_id = g.id and me.user_id = ${viewer}
      where m.user_id = ${userId}
        and ${shownTo(viewer, sql.raw('m.user_id'), { muted: false })} and ${listedTo(viewer)}
    )
    select exists(select 1 from users where id = ${userId}) as "userFound",
      (select count(*) from theirs)::int as total,
      coalesce((select json_agg(row_to_json(page) order by page.joined_at desc, page.id desc) from (
        select * from theirs order by joined_at desc, id desc
        limit ${literalLimit(window.limit)} offset ${window.offset}) page), '[]')
      as groups`)) as unknown as Rows<{ userFound: boolean; total: number; groups: GroupRow[] }>;
  return result.rows[0]!;
}
