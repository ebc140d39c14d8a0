import { DEFAULT_NOTIFICATION_PREFERENCES, DIGEST_LIMITS, NOTIFICATION_TYPES } from '@pathwise/contract';
import { type SQL, sql } from 'drizzle-orm';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { refersToVisibleContent } from '../../db/moderation-state.js';
import {
  follows,
  learningPlans,
  notificationDigests,
  notificationPreferences,
  notifications,
  planTopics,
  posts,
  postTags,
  tagFollows,
  topicProgress,
  users,
} from '../../db/schema/index.js';
import { planColumnsOf, planVisibleTo, postVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

async function rowsOf<Row>(db: Database, statement: SQL) {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Someone a batch claimed: whom to mail, how often they asked for it, and where their news start. */
export type DigestRecipient = {
  id: number;
  email: string;
  name: string;
  digest: 'DAILY' | 'WEEKLY';
  /** The claim's time, as PostgreSQL writes it (to the microsecond): a failed send gives it back. */
  sentAt: string;
  /** Their previous digest's time, or a period ago for a first digest. */
  since: string;
};

/** The types whose e-mail switch is on for someone who never changed it, as a text[] literal. */
const EMAIL_BY_DEFAULT = `{${NOTIFICATION_TYPES.filter(
  (type) => DEFAULT_NOTIFICATION_PREFERENCES.types[type].email,
).join(',')}}`;

const digestOf = (pref: SQL) => sql`coalesce(${pref}.digest, 'WEEKLY')`;
/** The start of the current period, a UTC day or week (from Monday): one digest per period at most. */
const periodStart = (digest: SQL) =>
  sql`date_trunc(case ${digest} when 'DAILY' then 'day' else 'week' end, now(), 'UTC')`;
const periodLength = (digest: SQL) =>
  sql`case ${digest} when 'DAILY' then interval '1 day' else interval '7 days' end`;

/**
 * The notifications of `recipient` a digest tells of: unread, newer than `since`, of a type whose e-mail
 * switch is on in their preferences (`pref`, or the defaults), shown to them as their list shows them
 * (not from someone blocked or muted, not about something a moderator hid).
 */
const digestNotifications = (
  recipient: SQL,
  since: SQL,
  pref: SQL,
) => sql`${notifications}.recipient_id = ${recipient}
  and not ${notifications}.is_read and ${notifications}.created_at > ${since}
  and coalesce((${pref}.types -> ${notifications}.type ->> 'email')::boolean,
    ${notifications}.type = any(${EMAIL_BY_DEFAULT}::text[]))
  and ${shownTo(recipient, notifications.actorId, { muted: true })}
  and ${refersToVisibleContent(recipient, notifications)}`;

/**
 * Claims up to `limit` people whose digest is due, in one statement: digest not OFF, not suspended, not
 * mailed yet in this period, with something unread to tell of. Each claim writes `sent_at` only where the
 * row still holds what the statement read (or, for someone never mailed, inserts it), so a concurrent
 * batch that picked the same person finds the row changed and leaves them out: each person is mailed at
 * most once per period, however many workers run.
 */
export async function claimDigestRecipients(db: Database, limit: number): Promise<DigestRecipient[]> {
  const digest = digestOf(sql`pref`);
  return rowsOf<DigestRecipient>(
    db,
    sql`with due as (
        select u.id, ${digest} as digest, d.sent_at,
          coalesce(d.sent_at, now() - ${periodLength(digest)}) as since
        from ${users} u
          left join ${notificationPreferences} pref on pref.user_id = u.id
          left join ${notificationDigests} d on d.user_id = u.id
        where u.suspended_at is null and ${digest} <> 'OFF'
          and (d.sent_at is null or d.sent_at < ${periodStart(digest)})
          and exists (select 1 from ${notifications} where ${digestNotifications(
            sql`u.id`,
            sql`coalesce(d.sent_at, now() - ${periodLength(digest)})`,
            sql`pref`,
          )})
        order by u.id limit ${literalLimit(limit)}),
      claimed as (
        insert into ${notificationDigests} (user_id, sent_at, previous_sent_at)
        select id, now(), sent_at from due
        on conflict (user_id) do update
          set sent_at = excluded.sent_at, previous_sent_at = excluded.previous_sent_at
        where ${notificationDigests}.sent_at is not distinct from excluded.previous_sent_at
        returning user_id, sent_at)
      select u.id, u.email, u.name, due.digest, claimed.sent_at::text as "sentAt", due.since::text as since
      from claimed join due on due.id = claimed.user_id join ${users} u on u.id = claimed.user_id
      order by u.id`,
  );
}

/** Gives the claims of people whose digest could not be sent back, so the next run tries them again. */
export async function releaseDigestClaims(db: Database, recipients: DigestRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.execute(sql`update ${notificationDigests} set sent_at = previous_sent_at
    where user_id = any(${`{${recipients.map((r) => r.id).join(',')}}`}::int[])
      and sent_at = ${recipients[0]!.sentAt}::timestamptz`);
}

export type DigestGroup = {
  type: (typeof NOTIFICATION_TYPES)[number];
  message: string;
  entityType: string;
  entityId: number;
  actorNames: string[];
  actorCount: number;
};
export type DigestPost = { id: number; title: string; content: string; authorName: string };
export type DigestPlan = { id: number; title: string; total: number; completed: number };
export type DigestContent = {
  id: number;
  groups: DigestGroup[];
  groupCount: number;
  unread: number;
  posts: DigestPost[];
  plans: DigestPlan[];
};

/**
 * What the digests of `recipients` tell, in one statement whatever their number: per person the unread
 * notifications since their last digest grouped by kind and thing (newest first, the latest three people
 * of each), the newest posts of people and tags they follow that they may see, and the plans they work on
 * that are not complete yet.
 */
export async function selectDigestContent(db: Database, recipients: DigestRecipient[]) {
  if (recipients.length === 0) return [];
  const list = JSON.stringify(recipients.map(({ id, since }) => ({ id, since })));
  const recipient = sql`r.id`;
  return rowsOf<DigestContent>(
    db,
    sql`select r.id, groups.list as groups, groups.count as "groupCount", groups.unread,
        coalesce(followed.list, '[]') as posts, coalesce(plans.list, '[]') as plans
      from json_to_recordset(${list}::json) as r(id int, since timestamptz)
      left join ${notificationPreferences} pref on pref.user_id = r.id
      cross join lateral (
        select coalesce(json_agg(json_build_object('type', g.type, 'message', g.message,
            'entityType', g.entity_type, 'entityId', g.entity_id, 'actorNames', g.actor_names,
            'actorCount', g.actor_count) order by g.latest desc)
            filter (where g.place <= ${literalLimit(DIGEST_LIMITS.groups)}), '[]') as list,
          count(*)::int as count, coalesce(sum(g.unread), 0)::int as unread
        from (
          select n.type, n.entity_type, n.entity_id, max(n.created_at) as latest, count(*) as unread,
            count(distinct n.actor_id)::int as actor_count,
            (array_agg(n.message order by n.created_at desc, n.id desc))[1] as message,
            (array_agg(n.actor_name order by n.created_at desc, n.id desc)
              filter (where n.actor_place = 1))[1:3] as actor_names,
            row_number() over (order by max(n.created_at) desc) as place
          from (
            select ${notifications}.id, ${notifications}.type, ${notifications}.entity_type,
              ${notifications}.entity_id, ${notifications}.actor_id, ${notifications}.message,
              ${notifications}.created_at, actor.name as actor_name,
              row_number() over (partition by ${notifications}.type, ${notifications}.entity_type,
                ${notifications}.entity_id, ${notifications}.actor_id
                order by ${notifications}.created_at desc, ${notifications}.id desc) as actor_place
            from ${notifications} left join ${users} actor on actor.id = ${notifications}.actor_id
            where ${digestNotifications(recipient, sql`r.since`, sql`pref`)}) n
          group by n.type, n.entity_type, n.entity_id) g) groups
      cross join lateral (
        select json_agg(json_build_object('id', p.id, 'title', p.title, 'content', p.content,
          'authorName', author.name) order by p.created_at desc, p.id desc) as list
        from (
          select ${posts}.id, ${posts}.title, left(${posts}.content, 1000) as content, ${posts}.author_id,
            ${posts}.created_at
          from ${posts}
          where ${posts}.created_at > r.since and ${posts}.author_id <> r.id
            and (${posts}.author_id in (
                select ${follows.followedId} from ${follows} where ${follows.followerId} = r.id)
              or exists (select 1 from ${postTags}
                join ${tagFollows} on ${tagFollows.tagId} = ${postTags.tagId}
                where ${postTags.postId} = ${posts}.id and ${tagFollows.userId} = r.id))
            and ${postVisibleTo(recipient)} and ${shownTo(recipient, posts.authorId, { muted: true })}
          order by ${posts}.created_at desc, ${posts}.id desc limit ${literalLimit(DIGEST_LIMITS.posts)}) p
        join ${users} author on author.id = p.author_id) followed
      cross join lateral (
        select json_agg(json_build_object('id', s.id, 'title', s.title, 'total', s.total,
          'completed', s.completed) order by s.at desc, s.id desc) as list
        from (
          select lp.id, lp.title, max(tp.updated_at) as at,
            count(*) filter (where tp.status = 'COMPLETED')::int as completed,
            (select count(*) from ${planTopics} every where every.plan_id = lp.id)::int as total
          from ${topicProgress} tp join ${planTopics} t on t.id = tp.topic_id
            join ${learningPlans} lp on lp.id = t.plan_id
          where tp.user_id = r.id and ${planVisibleTo(recipient, { plan: planColumnsOf('lp') })}
          group by lp.id, lp.title
          having count(*) filter (where tp.status = 'COMPLETED')
            < (select count(*) from ${planTopics} every where every.plan_id = lp.id)
          order by max(tp.updated_at) desc, lp.id desc limit ${literalLimit(DIGEST_LIMITS.plans)}) s) plans`,
  );
}

/**
 * Turns the digest of `userId` off, keeping their other preferences (an account deleted since the link
 * was mailed changes nothing): one statement.
 */
export async function turnDigestOff(db: Database, userId: number): Promise<void> {
  await db.execute(sql`insert into ${notificationPreferences} (user_id, digest)
    select ${users.id}, 'OFF' from ${users} where ${users.id} = ${userId}
    on conflict (user_id) do update set digest = 'OFF', updated_at = now()`);
}
