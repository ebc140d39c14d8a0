import { z } from 'zod';
import { isoDateTime, page, pageQuery } from './common.js';
import { CATEGORIES } from './constants.js';
import { learningPlan } from './plans.js';
import { post } from './posts.js';
import { remotePost } from './remote-posts.js';

/**
 * `GET /api/feed/following`: the posts and the plans the viewer may see of the people the viewer
 * follows, newest first, each carried by the card shape its own list answers.
 */
export const followingFeedItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('POST'), createdAt: isoDateTime, post }),
  z.object({ type: z.literal('LEARNING_PLAN'), createdAt: isoDateTime, learningPlan }),
]);
export type FollowingFeedItem = z.infer<typeof followingFeedItem>;

export const followingFeedPage = page(followingFeedItem);
export type FollowingFeedPage = z.infer<typeof followingFeedPage>;

/**
 * With `remote=true` the Following feed also carries the posts of people on other servers the viewer
 * follows (FEDERATION=true), as `REMOTE_POST` items: clients that do not ask never see that type.
 */
export const followingFeedQuery = pageQuery().extend({
  remote: z
    .enum(['true', 'false'], { error: 'remote must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type FollowingFeedQuery = z.output<typeof followingFeedQuery>;

export const followingFeedItemWithRemote = z.discriminatedUnion('type', [
  ...followingFeedItem.options,
  z.object({ type: z.literal('REMOTE_POST'), createdAt: isoDateTime, remotePost }),
]);
export type FollowingFeedItemWithRemote = z.infer<typeof followingFeedItemWithRemote>;
export const followingFeedPageWithRemote = page(followingFeedItemWithRemote);
export type FollowingFeedPageWithRemote = z.infer<typeof followingFeedPageWithRemote>;

/**
 * `GET /api/feed/suggestions`: people the viewer does not follow yet (never the viewer), the most
 * followed first among those who post in the categories the viewer posts in, then the most followed.
 */
export const followSuggestion = z.object({
  id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  profilePicture: z.string().nullable(),
  followersCount: z.number().int(),
  /** Whether the person posts in a category the viewer posts in (else they are just much followed). */
  sharesCategory: z.boolean(),
});
export type FollowSuggestion = z.infer<typeof followSuggestion>;
export const followSuggestions = z.array(followSuggestion);

/**
 * `GET /api/feed/plans-in-progress`: the viewer's own plans and the plans they track, not completed
 * yet, most recently worked on first, with the viewer's completion.
 */
export const planInProgress = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  /** 100 × completed topics ÷ topics not skipped, to one decimal, as on the plan itself. */
  completionPercentage: z.number(),
  completedTopics: z.number().int(),
  totalTopics: z.number().int(),
  /** Topics the viewer skipped, left out of the percentage. */
  skippedTopics: z.number().int(),
});
export type PlanInProgress = z.infer<typeof planInProgress>;
export const plansInProgress = z.array(planInProgress);
