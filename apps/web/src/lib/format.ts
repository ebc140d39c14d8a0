import { formatDistanceToNow, isValid } from 'date-fns';

/** "3 minutes ago", "in 2 days"; spec §8 asks for 'some time ago' when the date cannot be read. */
export function formatRelativeTime(value: string | number | Date | null | undefined): string {
  const date = value instanceof Date ? value : new Date(value ?? Number.NaN);
  return isValid(date) ? formatDistanceToNow(date, { addSuffix: true }) : 'some time ago';
}
