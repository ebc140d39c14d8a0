import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatAbsoluteTime } from '../lib/format';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  it('shows how long ago, with the exact date on hover and for screen readers', () => {
    const when = new Date(Date.now() - 3 * 60_000).toISOString();
    render(<RelativeTime value={when} />);

    const time = screen.getByText('3 minutes ago', { exact: false });
    const absolute = formatAbsoluteTime(when);
    expect(time).toHaveAttribute('dateTime', when);
    expect(time).toHaveAttribute('title', absolute);
    expect(time).toHaveTextContent(`3 minutes ago, ${absolute}`);
  });

  it("reads 'some time ago' without a date it cannot know", () => {
    render(<RelativeTime value="not a date" />);

    const time = screen.getByText('some time ago');
    expect(time).not.toHaveAttribute('title');
    expect(time).not.toHaveAttribute('dateTime');
  });
});
