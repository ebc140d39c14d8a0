import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { UserRef } from './block-state.js';
import { comments, learningPlans, posts } from './schema/index.js';

/**
 * Whether a post, comment or plan row is shown to `viewer` as far as moderation goes: not hidden by a
 * moderator, or the viewer's own (its author sees it, with the reason). A test of the row's own
 * columns, so lists pay nothing for it; every read applies it next to `shownTo` (block-state.ts), a
 * plan's through `planVisibleTo` (visibility.ts).
 */
export const notHiddenFrom = (
  viewer: UserRef,
  row: { hiddenAt: SQLWrapper; author: SQLWrapper },
): SQL<boolean> => sql<boolean>`(${row.hiddenAt} is null or ${row.author} = ${viewer})`;

export const visibleComment = (viewer: UserRef) =>
  notHiddenFrom(viewer, { hiddenAt: comments.hiddenAt, author: comments.authorId });

/**
 * The ids of the posts, comments and plans hidden from `viewer` (someone else's, hidden by a
 * moderator): arrays computed once per statement through the partial `*_hidden_*` indexes, for
 * rows that only refer to them (notifications, activities).
 */
export const hiddenContentIds = (viewer: UserRef) => ({
  posts: sql`array(select ${posts.id} from ${posts}
    where ${posts.hiddenAt} is not null and ${posts.authorId} <> ${viewer})`,
  comments: sql`array(select ${comments.id} from ${comments}
    where ${comments.hiddenAt} is not null and ${comments.authorId} <> ${viewer})`,
  plans: sql`array(select ${learningPlans.id} from ${learningPlans}
    where ${learningPlans.hiddenAt} is not null and ${learningPlans.creatorId} <> ${viewer})`,
});

/**
 * Whether a row referring to a post, comment and/or plan (any may be null) refers to none hidden from
 * `viewer`.
 */
export function refersToVisibleContent(
  viewer: UserRef,
  refs: { postId: SQLWrapper; commentId: SQLWrapper; planId: SQLWrapper },
): SQL<boolean> {
  const hidden = hiddenContentIds(viewer);
  return sql<boolean>`not coalesce(${refs.postId} = any(${hidden.posts})
    or ${refs.commentId} = any(${hidden.comments}) or ${refs.planId} = any(${hidden.plans}), false)`;
}
