import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { ApiError } from '../../../lib/api-client';
import { useFeed } from '../api/queries';
import { PagedPostList } from './paged-post-list';

const LOAD_FAILED = 'Failed to load posts. Please try again later.';

/** What a failed delete says, by cause. */
function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.body) return `Failed to delete post. ${error.body.message}`;
  return 'Server error occurred. Please try again later.';
}

type LatestPostsFeedProps = {
  /** A new key loads the feed again from page 0. */
  refreshKey: string;
  /** 'Try Again' after a failed load: the home page bumps the refresh key. */
  onRetry: () => void;
};

/** The home page's Latest Posts tab: every post, newest first, ten at a time. */
export function LatestPostsFeed({ refreshKey, onRetry }: LatestPostsFeedProps) {
  return (
    <PagedPostList
      pages={useFeed(refreshKey)}
      loadingLabel="Loading content..."
      failure={
        <ErrorWithRetry title="Error Loading Content" retryLabel="Try Again" onRetry={onRetry}>
          {LOAD_FAILED}
        </ErrorWithRetry>
      }
      empty={
        <EmptyState title="No posts yet">
          <Link to="/create-post" className="btn-primary">
            Create your first post
          </Link>
        </EmptyState>
      }
      loadMoreLabel="Load More Posts"
      loadMoreFailure={LOAD_FAILED}
      deleteFailureMessage={deleteFailureMessage}
    />
  );
}
