import { EXPLORE_LIMITS, type TopicStatus } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { shownTo, type UserRef } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import {
  activities,
  comments,
  learningPlans,
  planTags,
  postLikes,
  posts,
  postTags,
  savedLearningPlans,
  savedPosts,
  tags,
  topicProgress,
} from '../../db/schema/index.js';
import {
  NOBODY,
  planColumnsOf,
  planVisibleTo,
  postAsEveryoneSees,
  postVisibleTo,
  publicPlanAsEveryoneSees,
} from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

/** The shared rankings of the Explore page: ids best first, with the figure a plan section shows. */
export type ExploreRanking = {
  trendingPosts: number[];
  popularTemplates: { id: number; uses: number }[];
  mostLearned: { id: number; learners: number }[];
  popularTags: { name: string; uses: number }[];
};

const {
  trendingDays,
  trendingHalfLifeHours,
  trendingWeights: weights,
  templateDays,
  tagDays,
} = EXPLORE_LIMITS;
const popularTags = literalLimit(EXPLORE_LIMITS.popularTags);
const ranked = literalLimit(EXPLORE_LIMITS.rankedPerSection);
/**
 * The best-scored posts checked against the rules before the ranking is cut: hidden posts and suspended
 * authors are few, and checking every post touched this week read that many rows of `posts`.
 */
const candidates = literalLimit(EXPLORE_LIMITS.rankedPerSection * 10);
const days = (n: number) => sql.raw(`interval '${Math.trunc(n)} days'`);

/**
 * What a like, comment or save made at `at` adds to a post's score: its weight, halved every
 * `trendingHalfLifeHours` hours of age.
 */
const decayed = (weight: number, at: string) =>
  sql.raw(`${weight} * power(0.5, extract(epoch from (now() - ${at})) / ${trendingHalfLifeHours * 3600})`);

/**
 * The four rankings in one statement, each read by date through an index of its own (migration 0035;
 * the tags through the posts' and plans' dates), so it costs what happened lately, not the size of the
 * tables. They are the same for everyone, so they
 * leave out only what no one but its author may see (`NOBODY`: hidden by a moderator, of a suspended
 * author, a private plan); the blocks and mutes of each viewer apply when their rows are read.
 */
export async function selectRanking(db: Database): Promise<ExploreRanking> {
  const since = sql`now() - ${days(trendingDays)}`;
  const result = (await db.execute(sql`
    with recent as (
        select ${postLikes.postId} as post_id, ${decayed(weights.like, 'post_likes.created_at')} as score
          from ${postLikes} where ${postLikes.createdAt} > ${since}
        union all
        select ${comments.postId}, ${decayed(weights.comment, 'comments.created_at')}
          from ${comments} where ${comments.createdAt} > ${since} and ${comments.hiddenAt} is null
            and ${comments.deletedAt} is null
        union all
        select ${savedPosts.postId}, ${decayed(weights.save, 'saved_posts.created_at')}
          from ${savedPosts} where ${savedPosts.createdAt} > ${since}),
      scored as (
        select post_id, sum(score) as score from recent group by post_id
        order by score desc, post_id desc limit ${candidates}),
      trending as (
        select ${posts.id} as id, scored.score from scored join ${posts} on ${posts.id} = scored.post_id
        where ${postVisibleTo(NOBODY)}
        order by scored.score desc, ${posts.id} desc limit ${ranked}),
      copies as (
        select c.based_on_plan_id as id, count(distinct c.creator_id) as uses
        from ${learningPlans} c
        where c.based_on_plan_id is not null and c.created_at > now() - ${days(templateDays)}
        group by c.based_on_plan_id),
      templates as (
        select lp.id, copies.uses, lp.template_use_count as all_uses
        from copies join ${learningPlans} lp on lp.id = copies.id
        where ${planVisibleTo(NOBODY, { plan: planColumnsOf('lp') })}
        order by copies.uses desc, lp.template_use_count desc, lp.id desc limit ${ranked}),
      progress as (
        select ${activities.planId} as id, count(distinct ${activities.userId}) as learners
        from ${activities}
        where ${activities.planId} is not null
          and ${activities.occurredAt} >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
        group by ${activities.planId}),
      learned as (
        select lp.id, progress.learners from progress join ${learningPlans} lp on lp.id = progress.id
        where ${planVisibleTo(NOBODY, { plan: planColumnsOf('lp') })}
        order by progress.learners desc, lp.id desc limit ${ranked}),
      tagged as (
        select ${postTags.tagId} as tag_id from ${postTags} join ${posts} on ${posts.id} = ${postTags.postId}
        where ${posts.createdAt} > now() - ${days(tagDays)} and ${postVisibleTo(NOBODY)}
        union all
        select ${planTags.tagId} from ${planTags}
          join ${learningPlans} on ${learningPlans.id} = ${planTags.planId}
        where ${learningPlans.createdAt} > now() - ${days(tagDays)} and ${planVisibleTo(NOBODY)}),
      popular_tags as (
        select ${tags.name} as name, count(*) as uses from tagged join ${tags} on ${tags.id} = tagged.tag_id
        group by ${tags.name} order by uses desc, ${tags.name} limit ${popularTags})
    select
      coalesce((select json_agg(id order by score desc, id desc) from trending), '[]') as "trendingPosts",
      coalesce((select json_agg(json_build_object('id', id, 'uses', uses)
        order by uses desc, all_uses desc, id desc) from templates), '[]')
        as "popularTemplates",
      coalesce((select json_agg(json_build_object('id', id, 'learners', learners)
        order by learners desc, id desc) from learned), '[]')
        as "mostLearned",
      coalesce((select json_agg(json_build_object('name', name, 'uses', uses) order by uses desc, name)
        from popular_tags), '[]') as "popularTags"`)) as unknown as { rows: ExploreRanking[] };
  return result.rows[0]!;
}

/**
 * The rules of Explore's rows for a viewer: those of every list (`postVisibleTo`, `planVisibleTo`), and
 * a muted author's posts left out as the feed and search leave them out.
 */
const exploredPost = (viewer: UserRef) =>
  sql`(${postVisibleTo(viewer)} and ${shownTo(viewer, posts.authorId, { muted: true })})`;
const exploredPlan = (viewer: UserRef) => planVisibleTo(viewer, { plan: planColumnsOf('lp') });

/**
 * Which of the ranked posts and plans `viewerId` may see, in one statement. Only the first visible
 * ones of each section are then read in full.
 */
export async function selectVisible(
  db: Database,
  viewerId: number,
  ids: { posts: number[]; plans: number[] },
): Promise<{ posts: number[]; plans: number[] }> {
  const result = (await db.execute(sql`select
      coalesce((select array_agg(${posts.id}) from ${posts}
        where ${posts.id} = any(${sql.param(ids.posts)}::int[]) and ${exploredPost(viewerId)}),
        '{}') as posts,
      coalesce((select array_agg(lp.id) from ${learningPlans} lp
        where lp.id = any(${sql.param(ids.plans)}::int[]) and ${exploredPlan(viewerId)}),
        '{}') as plans`)) as unknown as { rows: { posts: number[]; plans: number[] }[] };
  return result.rows[0]!;
}

/**
 * Explore's sections kept as a visitor sees them, as the viewer's statement checks them: the posts and
 * plans shown, the topics and originals of those plans, and the ranked ids a visitor may not see that
 * rank above the last one shown (`skippedPosts`, `skippedPlans`).
 */
export type KeptSections = {
  postIds: number[];
  planIds: number[];
  topicIds: number[];
  originalIds: number[];
  skippedPosts: number[];
  skippedPlans: number[];
};

/**
 * What `viewer` adds to Explore's sections kept as a visitor sees them, in one statement read by
 * primary keys and small indexes: the kept posts they liked and saved, the kept posts and plans they
 * see as everyone does, the plans with their template uses (any missing: hidden, made private,
 * deleted, of an author blocked either way, muted or suspended), the kept plans they saved, their
 * progress on those plans' topics, the originals they may see, and whether they may see a ranked post
 * or plan a visitor may not that ranks above the last one shown (their own, hidden or made private
 * since).
 */
export function prepareViewerState(db: Database) {
  const viewer = sql.placeholder('viewerId');
  const ids = (name: keyof KeptSections) => sql`${sql.placeholder(name)}::int[]`;
  return db
    .select({
      liked: sql<number[]>`array(select ${postLikes.postId} from ${postLikes}
        where ${postLikes.userId} = ${viewer} and ${postLikes.postId} = any(${ids('postIds')}))`,
      savedPosts: sql<number[]>`array(select ${savedPosts.postId} from ${savedPosts}
        where ${savedPosts.userId} = ${viewer} and ${savedPosts.postId} = any(${ids('postIds')}))`,
      shownPosts: sql<number[]>`array(select ${posts.id} from ${posts}
        where ${posts.id} = any(${ids('postIds')}) and ${postAsEveryoneSees(viewer)})`,
      savedPlans: sql<number[]>`array(select ${savedLearningPlans.planId} from ${savedLearningPlans}
        where ${savedLearningPlans.userId} = ${viewer}
          and ${savedLearningPlans.planId} = any(${ids('planIds')}))`,
      shownPlans: sql<[id: number, templateUseCount: number][]>`coalesce((
        select json_agg(json_build_array(${learningPlans.id}, ${learningPlans.templateUseCount}))
        from ${learningPlans}
        where ${learningPlans.id} = any(${ids('planIds')}) and ${publicPlanAsEveryoneSees(viewer)}), '[]')`,
      topics: sql<[topicId: number, status: TopicStatus][]>`coalesce((
        select json_agg(json_build_array(${topicProgress.topicId}, ${topicProgress.status}))
        from ${topicProgress} where ${topicProgress.userId} = ${viewer}
          and ${topicProgress.topicId} = any(${ids('topicIds')})), '[]')`,
      originals: sql<number[]>`array(select lp.id from ${learningPlans} lp
        where lp.id = any(${ids('originalIds')}) and ${exploredPlan(viewer)})`,
      seesMore: sql<boolean>`(exists (select 1 from ${posts}
          where ${posts.id} = any(${ids('skippedPosts')}) and ${exploredPost(viewer)})
        or exists (select 1 from ${learningPlans} lp
          where lp.id = any(${ids('skippedPlans')}) and ${exploredPlan(viewer)}))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('explore_viewer_state');
}
