import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPercent, formatRelativeTime } from './format';

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

describe('formatPercent', () => {
  it('rounds to one decimal instead of cutting: 2 of 3 is 66.7%', () => {
    expect(formatPercent((2 * 100) / 3)).toBe('66.7%');
    expect(formatPercent(66.66)).toBe('66.7%');
    expect(formatPercent(33.33)).toBe('33.3%');
    expect(formatPercent(12.25)).toBe('12.3%');
  });

  it('always writes one decimal, from 0 to 100', () => {
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(50)).toBe('50.0%');
    expect(formatPercent(99.9)).toBe('99.9%');
    expect(formatPercent(100)).toBe('100.0%');
  });
});
