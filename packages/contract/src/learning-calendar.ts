import { z } from 'zod';
import { isTimeZoneName } from './analytics.js';

/** A person's learning calendar: the heatmap of their learning activity on their profile. */

/** How many local days the calendar covers, today included. */
export const LEARNING_CALENDAR_DAYS = 365;

export const LEARNING_CALENDAR_MESSAGES = {
  invalidTimeZone: 'timeZone must be an IANA time zone name, such as Europe/Paris',
  // The same answer whether the person does not exist or does not show it: nothing to tell apart.
  notFound: 'Learning calendar not found',
  /** The profile's calendar with no learning day in its year. */
  empty: 'No learning days yet',
  loadFailed: 'Failed to load the learning calendar.',
} as const;

/** `GET /api/users/{id}/learning-calendar?timeZone`: days are read in `timeZone` (default UTC). */
export const learningCalendarQuery = z.object({
  timeZone: z
    .string()
    .refine(isTimeZoneName, { error: LEARNING_CALENDAR_MESSAGES.invalidTimeZone })
    .default('UTC'),
});
export type LearningCalendarQuery = z.infer<typeof learningCalendarQuery>;

const calendarDay = z.iso.date();

/** Only the days with activity are listed, oldest first; `from`…`to` are the days covered. */
export const learningCalendar = z.object({
  days: z.array(z.object({ date: calendarDay, count: z.number().int().positive() })),
  total: z.number().int().nonnegative(),
  from: calendarDay,
  to: calendarDay,
});
export type LearningCalendar = z.infer<typeof learningCalendar>;
