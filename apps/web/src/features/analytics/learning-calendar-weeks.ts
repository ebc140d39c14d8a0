import type { LearningCalendar } from '@pathwise/contract';
import { addDays, differenceInCalendarDays, format, getDay, parseISO } from 'date-fns';

/** How the calendar's squares are laid out: week columns of seven days, Sunday first, as GitHub's. */

/** 0 for a day without learning, then 1 to 4 by the day's share of the busiest day. */
export type CalendarLevel = 0 | 1 | 2 | 3 | 4;
export const CALENDAR_LEVELS: CalendarLevel[] = [0, 1, 2, 3, 4];

/** `index` counts the days from the calendar's first one: the keyboard moves by it. */
export type CalendarDay = { index: number; date: string; count: number; level: CalendarLevel };

/** A month's label over the week columns that start in it; `span` columns wide. */
export type CalendarMonth = { key: string; label: string; span: number };

export type CalendarLayout = {
  /** Each week's seven days, Sunday first; null before the first day and after the last. */
  weeks: (CalendarDay | null)[][];
  days: CalendarDay[];
  months: CalendarMonth[];
};

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short' });

export function levelOf(count: number, busiest: number): CalendarLevel {
  if (count === 0) return 0;
  return Math.min(4, Math.ceil((count / busiest) * 4)) as CalendarLevel;
}

/** Every day from `from` to `to` (the server's local days), placed in its week and weekday. */
export function calendarLayout({ days: active, from, to }: LearningCalendar): CalendarLayout {
  // Read as local midnight, a server's day stays on its day whatever the reader's zone.
  const first = parseISO(from);
  const counts = new Map(active.map((day) => [day.date, day.count]));
  const busiest = Math.max(1, ...active.map((day) => day.count));
  const days: CalendarDay[] = [];
  for (let index = 0; index <= differenceInCalendarDays(parseISO(to), first); index++) {
    const date = format(addDays(first, index), 'yyyy-MM-dd');
    const count = counts.get(date) ?? 0;
    days.push({ index, date, count, level: levelOf(count, busiest) });
  }
  const lead = getDay(first);
  const weeks: (CalendarDay | null)[][] = [];
  for (let start = -lead; start < days.length; start += 7) {
    weeks.push(Array.from({ length: 7 }, (_, weekday) => days[start + weekday] ?? null));
  }
  return { weeks, days, months: monthsOf(weeks) };
}

/** A label where a week column's first day falls in another month than the column before it. */
function monthsOf(weeks: (CalendarDay | null)[][]): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  for (const week of weeks) {
    const firstDay = week.find((day) => day !== null);
    const key = firstDay?.date.slice(0, 7) ?? '';
    const last = months.at(-1);
    if (last?.key === key) last.span++;
    else months.push({ key, label: MONTH.format(parseISO(`${key}-01`)), span: 1 });
  }
  return months;
}
