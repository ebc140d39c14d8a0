import { type ContentModeration, HIDE_MESSAGES } from '@pathwise/contract';

/**
 * What the author of a post, comment or plan a moderator hid reads on it: that it is hidden, why,
 * and that no one else sees it. Others never get a hidden item, so it shows to its author only.
 */
export function HiddenBanner({
  moderation,
  className = '',
}: {
  moderation?: ContentModeration;
  className?: string;
}) {
  if (!moderation) return null;
  return (
    <div
      className={`rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}
    >
      <p>
        <span className="font-semibold">{HIDE_MESSAGES.bannerTitle}:</span> {moderation.reason}{' '}
        {HIDE_MESSAGES.bannerOnlyYou}
      </p>
    </div>
  );
}
