import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { hiddenUserIds, shownTo, type UserRef } from './block-state.js';
import { notHiddenFrom } from './moderation-state.js';
import { comments, learningPlans, posts } from './schema/index.js';

/**
 * Who may see a plan, a post or a comment, written once: every read of them (and every check before
 * a change) applies these, and `test/visibility-rule.test.ts` fails when a copy of the plan rule is
 * written by hand elsewhere.
 */

/**
 * A viewer who is no one: a link-preview fetcher. No block or ownership applies; suspensions and moderation
 * do.
 */
export const NOBODY: SQLWrapper = sql`null::int`;

/**
 * The columns of a plan row the rule reads: the table itself, a Drizzle alias of it, or `planColumnsOf('p')`.
 */
export type PlanColumns = { isPublic: SQLWrapper; creatorId: SQLWrapper; hiddenAt: SQLWrapper };

/** The plan columns of a hand-written statement's alias (`from learning_plans p`). */
export const planColumnsOf = (alias: string): PlanColumns => ({
  isPublic: sql.raw(`${alias}.is_public`),
  creatorId: sql.raw(`${alias}.creator_id`),
  hiddenAt: sql.raw(`${alias}.hidden_at`),
});

/**
 * Whether `viewer` may see the plan: public or their own, of a creator neither blocked either way nor
 * suspended, and not someone else's a moderator hid. With `publicOnly`, their own private plans are
 * left out too (the lists of public plans).
 */
export function planVisibleTo(
  viewer: UserRef,
  { plan = learningPlans, publicOnly = false }: { plan?: PlanColumns; publicOnly?: boolean } = {},
): SQL<boolean> {
  const audience = publicOnly
    ? sql`${plan.isPublic}`
    : sql`(${plan.isPublic} or ${plan.creatorId} = ${viewer})`;
  return sql<boolean>`(${audience} and ${shownTo(viewer, plan.creatorId, { muted: false })}
    and ${notHiddenFrom(viewer, { hiddenAt: plan.hiddenAt, author: plan.creatorId })})`;
}

/**
 * Whether `viewer` may see the study group `g` (joined to its plan `p`): the plan is visible to them and
 * the founder is neither blocked either way nor suspended. Who may see what of it (members, invite) is
 * added by each statement.
 */
export const groupShownTo = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${planVisibleTo(viewer, { plan: planColumnsOf('p') })}
    and ${shownTo(viewer, sql.raw('g.founder_id'), { muted: false })})`;

/**
 * For a page kept for every viewer (db/shared-pages.ts): whether `viewer` sees the public plan as
 * everyone does, not hidden by a moderator (which its creator alone would see, differently).
 */
export const publicPlanAsEveryoneSees = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${planVisibleTo(viewer, { publicOnly: true })} and ${learningPlans.hiddenAt} is null)`;

/** Whether the plan is a public one of `viewer`'s own that a moderator hid: shown to them alone. */
export const ownHiddenPublicPlan = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${learningPlans.creatorId} = ${viewer} and ${learningPlans.isPublic}
    and ${learningPlans.hiddenAt} is not null)`;

/**
 * The public plans `viewer` may not see (of a creator blocked either way or suspended, or someone
 * else's a moderator hid): the complement of `planVisibleTo(viewer, { publicOnly: true })` among the
 * public plans, written so that PostgreSQL reads it through the creator index and the partial
 * `learning_plans_hidden_creator_idx` instead of every public plan. Counting these and taking them
 * from the denormalised count of public plans counts the visible ones.
 */
export const publicPlanHiddenFrom = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${learningPlans.isPublic}
    and (${learningPlans.creatorId} = any(${hiddenUserIds(viewer, { muted: false })})
      or (${learningPlans.hiddenAt} is not null and ${learningPlans.creatorId} <> ${viewer})))`;

/**
 * Whether the post is out: a scheduled post waiting for its time is no one's to read, not even its author's
 * outside their list of scheduled posts (docs/features.md, "Scheduled posts").
 */
export const postPublished: SQL<boolean> = sql<boolean>`(${posts.publishedAt} is not null)`;

/**
 * The post row's own part of the rule: published, and not someone else's a moderator hid. A test of the
 * row's columns, applied next to `shownTo` by the reads that check the author themselves.
 */
export const visiblePost = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${postPublished}
    and ${notHiddenFrom(viewer, { hiddenAt: posts.hiddenAt, author: posts.authorId })})`;

/**
 * Whether `viewer` may see the post: published, its author neither blocked either way nor suspended, and
 * not someone else's a moderator hid.
 */
export const postVisibleTo = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${shownTo(viewer, posts.authorId, { muted: false })} and ${visiblePost(viewer)})`;

/**
 * For a page kept for every viewer (db/shared-pages.ts): whether `viewer` sees the post as everyone
 * does, in the lists that leave muted authors out: published, not hidden by a moderator (which its
 * author alone would see, differently), of an author neither blocked either way, muted nor suspended.
 */
export const postAsEveryoneSees = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${posts.hiddenAt} is null and ${postPublished}
    and ${shownTo(viewer, posts.authorId, { muted: true })})`;

/** Whether `viewer` may see the comment and the post it is on (a statement joining both). */
export const commentVisibleTo = (viewer: UserRef): SQL<boolean> =>
  sql<boolean>`(${postVisibleTo(viewer)} and ${shownTo(viewer, comments.authorId, { muted: false })}
    and ${notHiddenFrom(viewer, { hiddenAt: comments.hiddenAt, author: comments.authorId })})`;
