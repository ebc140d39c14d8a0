import { formatAbsoluteTime, formatRelativeTime } from '../lib/format';

/**
 * "3 minutes ago", with the exact date and time on hover (`title`) and read out after it by screen
 * readers, which do not reliably announce a title.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const absolute = formatAbsoluteTime(value);
  return (
    <time dateTime={absolute ? value : undefined} title={absolute ?? undefined} className={className}>
      {formatRelativeTime(value)}
      {absolute && <span className="sr-only">{`, ${absolute}`}</span>}
    </time>
  );
}
