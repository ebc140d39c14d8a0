import { SITE_TEXTS, TAG_MESSAGES, type TagSummary, tagFeedPath } from '@pathwise/contract';
import { BusyButton } from '../../../components/busy-button';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { FeedLink } from '../../../components/feed-link';
import { Bone } from '../../../components/skeleton';
import { useInstanceSettings } from '../../../lib/instance';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useFollowTag, useTag } from '../api/queries';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The tag page's heading: its name, what carries it and Follow / Following. */
export function TagHeader({ tag }: { tag: string }) {
  const summary = useTag(tag);
  // A tag's feed exists when visitors may read the instance, as feed readers read signed out.
  const hasFeed = useInstanceSettings(true)?.publicReading === true;
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 id="tag-heading" className="text-2xl font-semibold tracking-tight break-all text-slate-900">
          #{tag}
        </h1>
        {summary.isPending ? (
          <Bone className="h-5 w-48" />
        ) : summary.data ? (
          <p className="text-slate-600">
            {count(summary.data.postCount, 'post', 'posts')} ·{' '}
            {count(summary.data.planCount, 'public learning plan', 'public learning plans')}
          </p>
        ) : (
          <ErrorWithRetry title="Error Loading Tag" onRetry={() => void summary.refetch()}>
            {TAG_MESSAGES.loadFailed}
          </ErrorWithRetry>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-stretch gap-2 sm:flex-row sm:items-start">
        {summary.data && <FollowTagButton summary={summary.data} />}
        {hasFeed && <FeedLink href={tagFeedPath(tag)} label={SITE_TEXTS.tagFeedLinkLabel(tag)} />}
      </div>
    </header>
  );
}

/** Follow / Following: a visitor is asked to sign in first, as for a like. */
function FollowTagButton({ summary }: { summary: TagSummary }) {
  const follow = useFollowTag(summary.name);
  const signInFirst = useSignInFirst();
  const following = follow.isPending ? !summary.following : summary.following;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <BusyButton
        type="button"
        aria-pressed={following}
        busy={follow.isPending}
        onClick={signInFirst(() => follow.mutate(!summary.following))}
        className={following ? 'btn-secondary' : 'btn-primary'}
      >
        {following ? 'Following' : 'Follow'}
      </BusyButton>
      {follow.isError && (
        <span role="alert" className="text-sm text-red-700">
          {TAG_MESSAGES.followFailed}
        </span>
      )}
    </span>
  );
}
