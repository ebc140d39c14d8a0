import { describe, expect, it } from 'vitest';
import { quietHoursWaitMs } from '../src/modules/notifications/quiet-hours.js';

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describe('how long a push waits for quiet hours to end', () => {
  it('is nothing without quiet hours, or outside them', () => {
    expect(quietHoursWaitMs(at('2030-01-15T12:00:00Z'), null)).toBe(0);
    const night = { start: '22:00', end: '07:00', timeZone: 'UTC' };
    expect(quietHoursWaitMs(at('2030-01-15T12:00:00Z'), night)).toBe(0);
    // The end is not quiet, the start is.
    expect(quietHoursWaitMs(at('2030-01-15T07:00:00Z'), night)).toBe(0);
    expect(quietHoursWaitMs(at('2030-01-15T22:00:00Z'), night)).toBe(9 * 60 * MINUTE);
  });

  it('spans midnight when the start is after the end', () => {
    const night = { start: '22:00', end: '07:00', timeZone: 'UTC' };
    expect(quietHoursWaitMs(at('2030-01-15T23:30:00Z'), night)).toBe(7.5 * 60 * MINUTE);
    expect(quietHoursWaitMs(at('2030-01-16T06:59:30Z'), night)).toBe(30_000);
  });

  it("counts on the person's clock in their time zone", () => {
    const lunch = { start: '12:00', end: '13:00', timeZone: 'Asia/Tokyo' };
    // 03:15 UTC is 12:15 in Tokyo (UTC+9, no daylight saving).
    expect(quietHoursWaitMs(at('2030-01-15T03:15:00Z'), lunch)).toBe(45 * MINUTE);
    expect(quietHoursWaitMs(at('2030-01-15T12:15:00Z'), lunch)).toBe(0);
    // New York in summer is UTC-4: 16:30 UTC is 12:30 there.
    const summer = { start: '12:00', end: '13:00', timeZone: 'America/New_York' };
    expect(quietHoursWaitMs(at('2030-07-15T16:30:00Z'), summer)).toBe(30 * MINUTE);
  });
});
