import { FEED_MESSAGES } from '@pathwise/contract';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { PostAndPlanList, type PostAndPlanListProps } from '../../../components/post-and-plan-list';
import { Bone, LoadingSkeletons, SkeletonCard } from '../../../components/skeleton';
import { useFollowingFeed } from '../api/queries';
import { PeopleToFollow, type RenderFollow } from './people-to-follow';

type FollowingFeedProps = {
  /** The home page's refresh key: a new value loads page 0 again. */
  refreshKey: string;
  /** 'Try Again' on a failed load: the home page bumps its refresh key. */
  onRetry: () => void;
  /** The Follow button comes from its own feature, like the cards. */
  renderFollow: RenderFollow;
} & Pick<PostAndPlanListProps, 'renderPost' | 'renderPlan'> &
  Required<Pick<PostAndPlanListProps, 'renderRemotePost'>>;

/**
 * The home page's 'Following' tab (docs/features.md, "Following"): what followed people made, newest first,
 * with the posts of people followed on other servers among them.
 */
export function FollowingFeed({
  refreshKey,
  onRetry,
  renderPost,
  renderPlan,
  renderRemotePost,
  renderFollow,
}: FollowingFeedProps) {
  const list = useFollowingFeed(refreshKey);
  return (
    <PagedItems
      list={list}
      loading={
        <LoadingSkeletons label="Loading content...">
          {(index) => (
            <SkeletonCard key={index}>
              <Bone className="h-4 w-1/3" />
              <Bone className="mt-3 h-5 w-2/3" />
              <Bone className="mt-2 h-4 w-full" />
            </SkeletonCard>
          )}
        </LoadingSkeletons>
      }
      failure={
        <ErrorWithRetry title="Error Loading Content" retryLabel="Try Again" onRetry={onRetry}>
          {FEED_MESSAGES.followingFailed}
        </ErrorWithRetry>
      }
      loadMoreFailure={FEED_MESSAGES.loadMoreFailed}
    >
      {(items) =>
        items.length === 0 ? (
          <div className="space-y-6">
            <EmptyState title={FEED_MESSAGES.nothingYet}>
              <p>{FEED_MESSAGES.nothingYetHint}</p>
            </EmptyState>
            <section
              aria-labelledby="following-suggestions"
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="following-suggestions" className="text-lg font-semibold text-slate-900">
                {FEED_MESSAGES.suggestionsTitle}
              </h2>
              <PeopleToFollow renderFollow={renderFollow} />
            </section>
          </div>
        ) : (
          <PostAndPlanList
            items={items}
            renderPost={renderPost}
            renderPlan={renderPlan}
            renderRemotePost={renderRemotePost}
          />
        )
      }
    </PagedItems>
  );
}
