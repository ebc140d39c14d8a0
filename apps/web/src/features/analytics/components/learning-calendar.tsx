import { type LearningCalendar as Calendar, LEARNING_CALENDAR_MESSAGES } from '@pathwise/contract';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { fullDayLabel, readerTimeZone } from '../analytics-display';
import { useLearningCalendar } from '../api/queries';
import {
  CALENDAR_LEVELS,
  type CalendarDay,
  type CalendarLevel,
  calendarLayout,
} from '../learning-calendar-weeks';
import { TableDisclosure, TitledCard } from './chart-card';

const TITLE = 'Learning activity';

// Theme tokens only: the dark theme turns each scale over, so more learning stays the stronger colour.
const LEVEL_CLASSES: Record<CalendarLevel, string> = {
  0: 'bg-slate-100',
  1: 'bg-indigo-200',
  2: 'bg-indigo-400',
  3: 'bg-indigo-600',
  4: 'bg-indigo-800',
};

const SQUARE = 'block size-3 rounded-sm ring-1 ring-slate-900/10 ring-inset';

export const activitiesLabel = (count: number) =>
  count === 1 ? '1 learning activity' : `${count} learning activities`;

const dayText = ({ count, date }: CalendarDay) => `${activitiesLabel(count)} on ${fullDayLabel(date)}`;

// 2026-11-01 was a Sunday: the weekdays' names in the reader's language, Sunday first.
const WEEKDAYS = Array.from({ length: 7 }, (_, weekday) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'long' }).format(new Date(2026, 10, 1 + weekday)),
);
const SHORT_WEEKDAYS = Array.from({ length: 7 }, (_, weekday) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(new Date(2026, 10, 1 + weekday)),
);

/** Arrow keys move a day (up, down) or a week (left, right); Home and End go to the first and last day. */
const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowUp: (index) => index - 1,
  ArrowDown: (index) => index + 1,
  ArrowLeft: (index) => index - 7,
  ArrowRight: (index) => index + 7,
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A person's learning calendar on their profile: nothing at all when the server does not show it to the
 * viewer (its 404, or a 403), so the profile looks the same as one whose owner keeps it private.
 */
export function LearningCalendar({ userId }: { userId: number }) {
  const [timeZone] = useState(readerTimeZone);
  const calendar = useLearningCalendar(userId, timeZone);
  if (calendar.isPending) return <Loading compact label="Loading learning activity..." />;
  if (calendar.error instanceof ApiError && [403, 404].includes(calendar.error.status)) return null;
  return (
    <TitledCard title={TITLE}>
      {calendar.data ? (
        <CalendarBody calendar={calendar.data} />
      ) : (
        <ErrorWithRetry onRetry={() => void calendar.refetch()}>
          {LEARNING_CALENDAR_MESSAGES.loadFailed}
        </ErrorWithRetry>
      )}
    </TitledCard>
  );
}

function CalendarBody({ calendar }: { calendar: Calendar }) {
  if (calendar.total === 0) {
    return <p className="mt-2 text-sm text-slate-600">{LEARNING_CALENDAR_MESSAGES.empty}</p>;
  }
  const table = {
    columns: ['Day', 'Learning activities'],
    rows: calendar.days.map((day) => [fullDayLabel(day.date), day.count]),
  };
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">{`${activitiesLabel(calendar.total)} in the last year`}</p>
      <CalendarGrid calendar={calendar} />
      <TableDisclosure caption={`${TITLE}, days with learning`} table={table} />
    </>
  );
}

/**
 * The squares as one grid with a roving focus: a single tab stop, arrow keys from day to day. It scrolls
 * inside its own box on a narrow screen, starting at the most recent weeks.
 */
function CalendarGrid({ calendar }: { calendar: Calendar }) {
  const { weeks, days, months } = calendarLayout(calendar);
  const last = days.length - 1;
  const [active, setActive] = useState(last);
  const [shown, setShown] = useState<CalendarDay | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const captionId = useId();

  useLayoutEffect(() => {
    if (box.current) box.current.scrollLeft = box.current.scrollWidth;
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = Math.min(last, Math.max(0, move(active, last)));
    setActive(next);
    setShown(days[next] ?? null);
    grid.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
  };

  return (
    <>
      <div ref={box} className="mt-3 overflow-x-auto pb-1">
        {/* ARIA's data grid: a table whose cells the arrow keys move through, one in the tab order. */}
        <table
          ref={grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a grid.
          role="grid"
          aria-labelledby={captionId}
          className="border-separate border-spacing-[3px] text-xs text-slate-600"
          onKeyDown={onKeyDown}
        >
          <caption id={captionId} className="sr-only">
            {`${TITLE} per day, ${fullDayLabel(calendar.from)} to ${fullDayLabel(calendar.to)}`}
          </caption>
          {/* The months are for the eye: every square's name says its date. */}
          <thead aria-hidden="true">
            <tr>
              <td />
              {months.map((month) => (
                <td key={month.key} colSpan={month.span} className="h-4 p-0 text-left font-normal">
                  {month.span > 1 ? month.label : ''}
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday, row) => (
              <tr key={weekday}>
                <th scope="row" className="p-0 pr-1 text-left font-normal leading-3">
                  <span className="sr-only">{weekday}</span>
                  <span aria-hidden="true">{row % 2 === 1 ? SHORT_WEEKDAYS[row] : ''}</span>
                </th>
                {weeks.map((week) => {
                  const day = week[row];
                  const key = `${week.find((cell) => cell)?.date}-${row}`;
                  if (!day) return <td key={key} className="p-0" />;
                  const text = dayText(day);
                  return (
                    <td
                      key={key}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: its cells.
                      role="gridcell"
                      data-day={day.index}
                      aria-label={text}
                      title={text}
                      tabIndex={day.index === active ? 0 : -1}
                      className="rounded-sm p-0"
                      onFocus={() => {
                        setActive(day.index);
                        setShown(day);
                      }}
                      onMouseEnter={() => setShown(day)}
                    >
                      <span className={`${SQUARE} ${LEVEL_CLASSES[day.level]}`} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        {/* What the pointer or the focus is on, for those who cannot hover for a tooltip. */}
        <p className="min-h-4">{shown ? dayText(shown) : ''}</p>
        <p aria-hidden="true" className="flex items-center gap-1">
          <span>Less</span>
          {CALENDAR_LEVELS.map((level) => (
            <span key={level} className={`${SQUARE} ${LEVEL_CLASSES[level]}`} />
          ))}
          <span>More</span>
        </p>
      </div>
    </>
  );
}
