import type { QuietHours } from '@pathwise/contract';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The wall-clock time at `now` in `timeZone`, in minutes since its midnight, and the seconds past it. */
function wallClock(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

/**
 * How long a push must wait at `now` for the person's quiet hours to end: 0 outside them. The start is
 * included, the end is not; a start after the end spans midnight (22:00–07:00). Counted on the
 * person's wall clock, so a daylight-saving change moves the end by that hour at most, and the job that
 * runs then checks again.
 */
export function quietHoursWaitMs(now: Date, quietHours: QuietHours | null): number {
  if (!quietHours) return 0;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  const { minutes, seconds } = wallClock(now, quietHours.timeZone);
  const quiet = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!quiet) return 0;
  const untilEnd = (end - minutes + DAY_MINUTES) % DAY_MINUTES;
  return untilEnd * MINUTE_MS - seconds * 1000 - (now.getTime() % 1000);
}
