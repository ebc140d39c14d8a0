import { FEED_LIMITS } from '@pathwise/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import {
  follows,
  learningPlans,
  planResources,
  planTopics,
  posts,
  postTags,
  remoteActors,
  remoteFollows,
  remoteMutes,
  remotePostLikes,
  remotePostReplies,
  remotePosts,
  resourceCompletions,
  tagFollows,
  topicProgress,
  users,
} from '../../db/schema/index.js';
import { planColumnsOf, planVisibleTo, postPublished, postVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

async function rowsOf<Row>(db: Database, statement: SQL) {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

export type FeedRef = { type: 'POST' | 'LEARNING_PLAN' | 'REMOTE_POST'; id: number; createdAt: string };

/**
 * One page of what the people `viewerId` follows made, newest first, and how many in all: one
 * statement. A page needs at most `offset + limit` items of each followed person and kind, read
 * newest first through their author's index; the total comes from the posts counts kept on their rows
 * (less the few a moderator hid, through a partial index) and their public plans, so neither counts
 * every item of everyone followed (11.6 of 13 ms for a person following 19 on the `large` data,
 * bench/RESULTS.md). Of a followed person's plans, those the viewer may see (`planVisibleTo`: a
 * followed person is never the viewer, so the public ones a moderator did not hide); a muted one's are
 * left out (a block ends the follow). Posts of others carrying a tag the viewer follows join them
 * (`tagged_posts`: each once, none of a followed person's, whose posts are already there, none of the
 * viewer's own), the newest `FEED_LIMITS.taggedPostsPerTag` of each followed tag read down
 * `post_tags_tag_created_idx` and counted the same way, so a popular tag costs the same at any size.
 */
export async function selectFollowingPage(
  db: Database,
  viewerId: number,
  window: Window,
  withRemote = false,
) {
  const depth = window.offset + window.limit;
  // The posts of people on other servers the viewer follows (accepted), read the same way, when asked.
  // Someone followed and then muted is not read from (a block ends the follow).
  const remoteFollowed = sql`select ${remoteFollows.remoteActorId} as id from ${remoteFollows}
    where ${remoteFollows.followerId} = ${viewerId} and ${remoteFollows.state} = 'ACCEPTED'
      and not exists (select 1 from ${remoteMutes} m
        where m.user_id = ${viewerId} and m.remote_actor_id = ${remoteFollows.remoteActorId})`;
  const remoteItems = withRemote
    ? sql`union all
        select 'REMOTE_POST', rp.id, rp.created_at from (${remoteFollowed}) rf cross join lateral (
          select ${remotePosts.id} as id, ${remotePosts.publishedAt} as created_at from ${remotePosts}
          where ${remotePosts.remoteActorId} = rf.id
          order by ${remotePosts.publishedAt} desc, ${remotePosts.id} desc limit ${depth}) rp`
    : sql``;
  const remoteTotal = withRemote
    ? sql`+ (select count(*) from ${remotePosts} where ${remotePosts.remoteActorId} in (${remoteFollowed}))`
    : sql``;
  const [row] = await rowsOf<{ total: number; items: FeedRef[] }>(
    db,
    sql`with followed as (
        select ${follows.followedId} as id from ${follows} where ${follows.followerId} = ${viewerId}
          and ${shownTo(viewerId, follows.followedId, { muted: true })}),
      tagged_posts as materialized (
        select distinct t.id, t.created_at from ${tagFollows} cross join lateral (
          select ${posts.id} as id, ${posts.createdAt} as created_at from ${postTags}
            join ${posts} on ${posts.id} = ${postTags.postId}
            where ${postTags.tagId} = ${tagFollows.tagId}
              and ${posts.authorId} <> ${viewerId} and ${posts.authorId} not in (select id from followed)
              and ${postVisibleTo(viewerId)} and ${shownTo(viewerId, posts.authorId, { muted: true })}
            order by ${postTags.createdAt} desc, ${postTags.postId} desc
            limit ${literalLimit(FEED_LIMITS.taggedPostsPerTag)}) t
          where ${tagFollows.userId} = ${viewerId}),
      items as (
        select 'POST' as type, p.id, p.created_at from followed f cross join lateral (
          select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts}
          where ${posts.authorId} = f.id and ${posts.hiddenAt} is null and ${postPublished}
          order by ${posts.createdAt} desc, ${posts.id} desc limit ${depth}) p
        union all
        select 'LEARNING_PLAN', lp.id, lp.created_at from followed f cross join lateral (
          select ${learningPlans.id} as id, ${learningPlans.createdAt} as created_at from ${learningPlans}
          where ${learningPlans.creatorId} = f.id and ${planVisibleTo(viewerId)}
          order by ${learningPlans.createdAt} desc, ${learningPlans.id} desc limit ${depth}) lp
        union all
        select 'POST', tp.id, tp.created_at from tagged_posts tp
        ${remoteItems})
      select ((select coalesce(sum(${users.postsCount}), 0) from ${users}
            where ${users.id} in (select id from followed))
          - (select count(*) from ${posts}
            where ${posts.hiddenAt} is not null and ${posts.authorId} in (select id from followed))
          + (select count(*) from ${learningPlans}
            where ${learningPlans.creatorId} in (select id from followed) and ${planVisibleTo(viewerId)})
          + (select count(*) from tagged_posts) ${remoteTotal})::int as total,
        coalesce((select json_agg(json_build_object('type', type, 'id', id, 'createdAt', created_at)
            order by created_at desc, type desc, id desc)
          from (select * from items order by created_at desc, type desc, id desc
            limit ${literalLimit(window.limit)} offset ${window.offset}) page), '[]') as items`,
  );
  return row!;
}

export type SuggestionRow = {
  id: number;
  name: string;
  handle: string;
  profilePicture: string | null;
  followersCount: number;
  sharesCategory: boolean;
};

/**
 * Up to `limit` people to suggest to `viewerId`, in one statement: the most followed of those who
 * post in a category the viewer posts in, then the most followed of everyone. Both walk the
 * followers-count index and stop after `limit`; the viewer, whom they follow and whom they blocked,
 * were blocked by or muted are never suggested.
 */
export async function selectSuggestions(db: Database, viewerId: number, limit: number) {
  const notYetFollowed = sql`u.id <> ${viewerId} and not exists (
    select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followed_id = u.id)
    and ${shownTo(viewerId, sql.raw('u.id'), { muted: true })}`;
  return rowsOf<SuggestionRow>(
    db,
    sql`with mine as (
        select distinct ${posts.category} as category from ${posts} where ${posts.authorId} = ${viewerId}),
      near as (
        select u.id, true as shares from ${users} u
        where ${notYetFollowed} and exists (
          select 1 from ${posts} p where p.author_id = u.id and p.category in (select category from mine))
        order by u.followers_count desc, u.id limit ${literalLimit(limit)}),
      anyone as (
        select u.id, false as shares from ${users} u where ${notYetFollowed}
        order by u.followers_count desc, u.id limit ${literalLimit(limit)}),
      picked as (
        select id, bool_or(shares) as shares
        from (select * from near union all select * from anyone) c group by id)
      select u.id, u.name, u.handle, u.profile_picture as "profilePicture",
        u.followers_count as "followersCount", picked.shares as "sharesCategory"
      from picked join ${users} u on u.id = picked.id
      order by picked.shares desc, u.followers_count desc, u.id limit ${literalLimit(limit)}`,
  );
}

export type PlanInProgressRow = {
  id: number;
  title: string;
  category: string;
  totalTopics: number;
  completedTopics: number;
  skippedTopics: number;
};

/**
 * The plans `viewerId` created or tracked (a topic status or a completed resource) that they may
 * still see (`planVisibleTo`) and have not completed, most recently worked on (or created) first: one
 * statement.
 */
export async function selectPlansInProgress(db: Database, viewerId: number, limit: number) {
  return rowsOf<PlanInProgressRow>(
    db,
    sql`with touched as (
        select t.plan_id, max(tp.updated_at) as at
          from ${topicProgress} tp join ${planTopics} t on t.id = tp.topic_id
          where tp.user_id = ${viewerId} group by t.plan_id
        union all
        select t.plan_id, max(rc.completed_at)
          from ${resourceCompletions} rc join ${planResources} r on r.id = rc.resource_id
          join ${planTopics} t on t.id = r.topic_id
          where rc.user_id = ${viewerId} group by t.plan_id
        union all
        select id, created_at from ${learningPlans} where creator_id = ${viewerId}),
      candidates as (select plan_id, max(at) as at from touched group by plan_id),
      standing as (
        select c.plan_id, c.at, count(t.id)::int as total,
          count(tp.topic_id) filter (where tp.status = 'COMPLETED')::int as completed,
          count(tp.topic_id) filter (where tp.status = 'SKIPPED')::int as skipped
        from candidates c
        join ${learningPlans} lp
          on lp.id = c.plan_id and ${planVisibleTo(viewerId, { plan: planColumnsOf('lp') })}
        left join ${planTopics} t on t.plan_id = c.plan_id
        left join ${topicProgress} tp on tp.topic_id = t.id and tp.user_id = ${viewerId}
        group by c.plan_id, c.at)
      select lp.id, lp.title, lp.category, s.total as "totalTopics", s.completed as "completedTopics",
        s.skipped as "skippedTopics"
      from standing s join ${learningPlans} lp on lp.id = s.plan_id
      where s.completed < s.total - s.skipped
      order by s.at desc, lp.id desc limit ${literalLimit(limit)}`,
  );
}

/**
 * The remote posts `ids` with their authors, the likes from here, whether `viewerId` liked each and
 * their replies to it, for the Following feed: one statement.
 */
export function selectRemotePosts(db: Database, viewerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: remotePosts.id,
      uri: remotePosts.uri,
      url: remotePosts.url,
      name: remotePosts.name,
      summary: remotePosts.summary,
      content: remotePosts.content,
      attachments: remotePosts.attachments,
      publishedAt: remotePosts.publishedAt,
      updatedAt: remotePosts.updatedAt,
      authorId: remoteActors.id,
      authorHandle: remoteActors.handle,
      authorName: remoteActors.name,
      authorIconUrl: remoteActors.iconUrl,
      authorProfileUrl: remoteActors.profileUrl,
      likesCount: sql<number>`(select count(*)::int from ${remotePostLikes} l
        where l.remote_post_id = ${remotePosts.id})`,
      likedByMe: sql<boolean>`exists (select 1 from ${remotePostLikes} l
        where l.remote_post_id = ${remotePosts.id} and l.user_id = ${viewerId})`,
      myReplies: sql<
        { id: number; content: string; createdAt: string; editedAt: string | null }[]
      >`coalesce((select json_agg(
          json_build_object('id', r.id, 'content', r.content, 'createdAt', r.created_at,
            'editedAt', r.edited_at)
          order by r.created_at, r.id)
        from ${remotePostReplies} r where r.remote_post_id = ${remotePosts.id} and r.author_id = ${viewerId}),
        '[]')`,
    })
    .from(remotePosts)
    .innerJoin(remoteActors, eq(remoteActors.id, remotePosts.remoteActorId))
    .where(inArray(remotePosts.id, ids));
}
