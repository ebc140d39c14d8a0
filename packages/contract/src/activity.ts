import { z } from 'zod';
import { isoDateTime, page, pageQuery, userRef } from './common.js';
import { PAGE_SIZE } from './constants.js';

export const LEARNING_ACTIVITY_TYPES = [
  'LEARNING_PROGRESS',
  'TOPIC_COMPLETED',
  'RESOURCE_COMPLETED',
] as const;
export const SOCIAL_ACTIVITY_TYPES = ['POST_LIKE', 'POST_COMMENT', 'FOLLOW_USER'] as const;
export const ACTIVITY_TYPES = [...LEARNING_ACTIVITY_TYPES, ...SOCIAL_ACTIVITY_TYPES] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * Every key is present, null when it does not apply to the type.
 * LEARNING_PROGRESS: learningPlan, progressPercentage. TOPIC_COMPLETED: learningPlan, topicTitle.
 * RESOURCE_COMPLETED: learningPlan, topicTitle, resourceTitle. POST_LIKE: post. POST_COMMENT: post,
 * comment. FOLLOW_USER: followedUser.
 */
export const activity = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  timestamp: isoDateTime,
  user: userRef,
  learningPlan: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  progressPercentage: z.number().int().nullable(),
  topicTitle: z.string().nullable(),
  resourceTitle: z.string().nullable(),
  post: z.object({ id: z.number().int(), title: z.string(), author: userRef }).nullable(),
  comment: z.object({ id: z.number().int(), content: z.string() }).nullable(),
  followedUser: userRef.nullable(),
});
export type Activity = z.infer<typeof activity>;

export const activityPage = page(activity);

/** The details an activity of no type has: start from this and set those of the type. */
export const NO_ACTIVITY_DETAILS = {
  learningPlan: null,
  progressPercentage: null,
  topicTitle: null,
  resourceTitle: null,
  post: null,
  comment: null,
  followedUser: null,
} as const satisfies Partial<Activity>;

/** The profile's three feeds, with their page sizes, by filter value. */
export const ACTIVITY_FEEDS = {
  all: { path: 'activities', types: ACTIVITY_TYPES, size: PAGE_SIZE.default },
  learning: { path: 'learning-progress', types: LEARNING_ACTIVITY_TYPES, size: PAGE_SIZE.learningProgress },
  social: { path: 'social-activity', types: SOCIAL_ACTIVITY_TYPES, size: PAGE_SIZE.default },
} as const;
export type ActivityFeed = keyof typeof ACTIVITY_FEEDS;

export const activityQuery = (feed: ActivityFeed) => pageQuery(ACTIVITY_FEEDS[feed].size);

export const ACTIVITY_MESSAGES = {
  loadFailed: 'Failed to load activity data',
  offerSampleData: 'Unable to load activity data from the server. Would you like to see sample data instead?',
  sampleDataNote: 'Displaying sample activity data for development purposes',
} as const;
