import { formatDistanceToNow, isValid } from 'date-fns';

/** "3 minutes ago", "in 2 days"; 'some time ago' when the date cannot be read. */
export function formatRelativeTime(value: string | number | Date | null | undefined): string {
  const date = value instanceof Date ? value : new Date(value ?? Number.NaN);
  return isValid(date) ? formatDistanceToNow(date, { addSuffix: true }) : 'some time ago';
}

const PERCENT = new Intl.NumberFormat('en', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: false,
});

/**
 * Every percentage the app shows: rounded to one decimal, so 2 of 3 reads '66.7%' (not cut to
 * '66.6%'), and 50 reads '50.0%' on a card as in the analytics (spec: percentages to one decimal).
 */
export function formatPercent(percentage: number): string {
  return `${PERCENT.format(percentage)}%`;
}

const ABSOLUTE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** "26 November 2026 at 02:10" in the reader's language and time zone; null when unreadable. */
export function formatAbsoluteTime(value: string): string | null {
  const date = new Date(value);
  return isValid(date) ? ABSOLUTE.format(date) : null;
}
