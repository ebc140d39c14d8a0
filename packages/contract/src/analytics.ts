import { z } from 'zod';
import { CATEGORIES } from './constants.js';
import type { ResourceType } from './plan-constants.js';
import { learningPlan } from './plans.js';

/**
 * Learning analytics (docs/product.md, "Analytics"), computed by the server
 * from the signed-in user's plans and progress history. Every definition lives here, once:
 *
 * - Counted plans: the user's own plans plus plans they tracked progress on (a topic status, a
 *   completed resource or a learning activity), as long as the user may still see them.
 * - Summary counts, completion rates, category stats and the plan list describe those plans now
 *   (the user's own progress). Everything else describes the date range.
 * - A learning action is a LEARNING_PROGRESS, TOPIC_COMPLETED or RESOURCE_COMPLETED activity of the
 *   user on a counted plan. Days and hours are read in the requested time zone (`tz`).
 * - A learning day is a day with at least one learning action; a streak is a run of consecutive
 *   learning days, counted within the range (a run that crosses a range edge is cut there).
 * - A completed resource or topic counts on the day it was last completed, while it stays completed
 *   (un-completing takes the completion back); one deleted since keeps its recorded completions.
 * - Estimated time: a completed resource counts its duration in minutes, or the default of its type
 *   (DEFAULT_RESOURCE_MINUTES), on the day it was completed.
 * - Completion time of a plan: from the user's first learning action on it to the action that first
 *   brought it to 100 %, in days; a plan counts in the range in which it reached 100 %.
 * - Monthly progress: the counted plans' mean completion percentage as their LEARNING_PROGRESS
 *   activities recorded it by the end of each month (or of the range).
 */

export const ANALYTICS_LIMITS = {
  /** The longest range asked for at once, in days, both ends included: a leap year. */
  maxRangeDays: 366,
  /** The dashboard opens on the last 30 days. */
  defaultRangeDays: 30,
  /** The progress list shows one page of 10 plans. */
  planListSize: 10,
  topCategories: 3,
} as const;

/** Estimated minutes of study of a completed resource that has no duration of its own, by type. */
export const DEFAULT_RESOURCE_MINUTES: Record<ResourceType, number> = {
  ARTICLE: 15,
  VIDEO: 20,
  COURSE: 60,
  BOOK: 90,
  PDF: 20,
  OTHER: 15,
};

export const ANALYTICS_MESSAGES = {
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  invalidStartDate: 'Start date must be a date written YYYY-MM-DD',
  invalidEndDate: 'End date must be a date written YYYY-MM-DD',
  endBeforeStart: 'End date must be on or after the start date',
  rangeTooLong: `The date range can cover at most ${ANALYTICS_LIMITS.maxRangeDays} days`,
  invalidTimeZone: 'tz must be an IANA time zone name, such as Europe/Paris',
  // Web texts.
  loadFailed: 'Failed to load analytics data. Please try again later.',
  noPlans: "You don't have any learning plans yet.",
  firstPlanHint: 'Your progress, study time and habits appear here once you follow a learning plan.',
  firstPlanAction: 'Create your first learning plan',
  uncategorized: 'Uncategorized',
  notAvailable: 'N/A',
} as const;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const DAY_MS = 86_400_000;

/** Days from `startDate` to `endDate` (YYYY-MM-DD), both included. */
const rangeDays = (startDate: string, endDate: string) =>
  (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;

/** What is wrong with a range of two valid dates, or null; shared by the server and the date filter. */
export function dateRangeProblem(startDate: string, endDate: string): string | null {
  const days = rangeDays(startDate, endDate);
  if (days < 1) return ANALYTICS_MESSAGES.endBeforeStart;
  if (days > ANALYTICS_LIMITS.maxRangeDays) return ANALYTICS_MESSAGES.rangeTooLong;
  return null;
}

/** An IANA name such as Europe/Paris or UTC that this runtime knows; offsets like +05:00 are refused. */
export function isTimeZoneName(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A calendar day 'YYYY-MM-DD'; year 0000, which the database has no day of, is refused too. */
const day = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .pipe(
      z.iso
        .date({ error: invalid, abort: true })
        .refine((date) => !date.startsWith('0000'), { error: invalid, abort: true }),
    );

/** `GET /api/analytics?startDate&endDate&tz`: local calendar days in `tz`, both ends included. */
export const analyticsQuery = z
  .object({
    startDate: day(ANALYTICS_MESSAGES.startDateRequired, ANALYTICS_MESSAGES.invalidStartDate),
    endDate: day(ANALYTICS_MESSAGES.endDateRequired, ANALYTICS_MESSAGES.invalidEndDate),
    tz: z.string().refine(isTimeZoneName, { error: ANALYTICS_MESSAGES.invalidTimeZone }).default('UTC'),
  })
  .superRefine(({ startDate, endDate }, context) => {
    const problem = dateRangeProblem(startDate, endDate);
    if (problem) context.addIssue({ code: 'custom', path: ['endDate'], message: problem });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const category = z.enum(CATEGORIES);
/** A percentage rounded to one decimal. */
const percentage = z.number().min(0).max(100);

export const analyticsSummary = z.object({
  totalLearningPlans: z.number().int(),
  completedLearningPlans: z.number().int(),
  inProgressLearningPlans: z.number().int(),
  totalTopics: z.number().int(),
  completedTopics: z.number().int(),
  completedResources: z.number().int(),
  totalResources: z.number().int(),
  /** Mean completion percentage of the counted plans (0 without plans). */
  averageCompletionRate: percentage,
  /** Learning days in the range. */
  learningDays: z.number().int(),
  /** Longest run of consecutive learning days in the range. */
  longestStreak: z.number().int(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

/** Counted plans of one category and their mean completion percentage; most plans first. */
export const categoryStat = z.object({ category, count: z.number().int(), completionRate: percentage });
export type CategoryStat = z.infer<typeof categoryStat>;

/** One local day of the range; every day is present, zeros included. */
export const dailyActivity = z.object({
  date: z.iso.date(),
  resourcesCompleted: z.number().int(),
  topicsCompleted: z.number().int(),
  /** Estimated minutes of the resources completed that day. */
  minutesSpent: z.number().int(),
});
export type DailyActivity = z.infer<typeof dailyActivity>;

/**
 * One month (yyyy-MM) touching the range: the mean completion percentage of the counted plans that
 * existed then, as of the end of that month or of the range, whichever comes first.
 */
export const monthlyProgress = z.object({ date: z.string().regex(/^\d{4}-\d{2}$/), progress: percentage });
export type MonthlyProgress = z.infer<typeof monthlyProgress>;

export const learningStats = z.object({
  /**
   * Mean completion time in days (one decimal) of the plans that reached 100 % in the range; null if none.
   */
  averageCompletionTime: z.number().nullable(),
  fastestCompletionTime: z.number().nullable(),
  /** The weekdays with the most learning actions (ties all listed, Monday first); empty without actions. */
  mostActiveDays: z.array(z.enum(WEEKDAYS)),
  /**
   * The hour of the day with the most learning actions, as 'HH:00 - HH:00' (ties: the earliest); null without
   * actions.
   */
  mostActiveHours: z.string().nullable(),
  /** Up to three categories with the most learning actions in the range (then most time, then name). */
  topCategories: z.array(category),
});
export type LearningStats = z.infer<typeof learningStats>;

/** Estimated minutes spent on each category in the range; only categories with time, most first. */
export const timeByCategory = z.object({ category, timeSpent: z.number().int() });
export type TimeByCategory = z.infer<typeof timeByCategory>;

export const analytics = z.object({
  summary: analyticsSummary,
  categoryStats: z.array(categoryStat),
  dailyActivity: z.array(dailyActivity),
  monthlyProgress: z.array(monthlyProgress),
  learningStats,
  timeByCategory: z.array(timeByCategory),
  /** Up to ten counted plans with the user's progress, highest completion first (then newest). */
  learningPlans: z.array(learningPlan),
});
export type Analytics = z.infer<typeof analytics>;
