import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, dateRangeProblem } from '@pathwise/contract';
import { format, parseISO, subDays } from 'date-fns';

/**
 * How the dashboard writes its figures (time as 'Xh Ym' or 'Ym'; percentages with lib/format's
 * formatPercent).
 */

export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

export const formatDayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

export const formatPlanCount = (plans: number) =>
  plans === 1 ? '1 learning plan' : `${plans} learning plans`;

/** The reader's IANA time zone: days and hours are counted as they live them. */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** '19:00 - 20:00' → '19:00 - 20:00 (Europe/Paris time)': an hour means little without its zone. */
export const hoursInZone = (hours: string, timeZone: string) =>
  `${hours} (${timeZone.replaceAll('_', ' ')} time)`;

// The server's days are already the reader's local days: read as local midnight, they stay on their day.
const SHORT_DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const FULL_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** '2024-01-29' → 'Jan 29' in the reader's language (chart axis). */
export const dayLabel = (date: string) => SHORT_DAY.format(parseISO(date));

/** '2024-01-29' → 'Jan 29, 2024' in the reader's language (tables and tooltips). */
export const fullDayLabel = (date: string) => FULL_DAY.format(parseISO(date));

/** The last 30 days, today included, in the reader's own time zone. */
export function defaultRange(today = new Date()) {
  return {
    startDate: format(subDays(today, ANALYTICS_LIMITS.defaultRangeDays), 'yyyy-MM-dd'),
    endDate: format(today, 'yyyy-MM-dd'),
  };
}

export type RangeProblem = { field: 'startDate' | 'endDate'; message: string };

/** Why the chosen dates cannot be asked for (a cleared field, an inverted or too long range), or null. */
export function rangeProblem(startDate: string, endDate: string): RangeProblem | null {
  if (!startDate) return { field: 'startDate', message: ANALYTICS_MESSAGES.startDateRequired };
  if (!endDate) return { field: 'endDate', message: ANALYTICS_MESSAGES.endDateRequired };
  const message = dateRangeProblem(startDate, endDate);
  return message ? { field: 'endDate', message } : null;
}
