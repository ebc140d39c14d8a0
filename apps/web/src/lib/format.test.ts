import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime } from './format';

describe('formatRelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('describes an ISO time relative to now', () => {
    expect(formatRelativeTime('2026-03-10T11:55:00Z')).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-07T12:00:00Z')).toBe('3 days ago');
  });

  it('accepts epoch milliseconds and Date objects', () => {
    expect(formatRelativeTime(Date.parse('2026-03-10T10:00:00Z'))).toBe('about 2 hours ago');
    expect(formatRelativeTime(new Date('2026-03-11T12:00:00Z'))).toBe('in 1 day');
  });

  it.each([['not a date'], [''], [null], [undefined], [Number.NaN]])(
    "says 'some time ago' for %j",
    (value) => {
      expect(formatRelativeTime(value)).toBe('some time ago');
    },
  );
});
