import type { Post } from '@pathwise/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useUserPosts } from '../api/queries';
import { PagedPostList } from './paged-post-list';

const LOAD_FAILED = 'Failed to load posts';

type UserPostsProps = {
  userId: number;
  isOwnProfile: boolean;
  /** Called after one of the listed posts was deleted (the profile's posts count drops). */
  onPostDeleted: (post: Post) => void;
};

/** A user's posts for the profile's Posts tab, ten at a time. */
export function UserPosts({ userId, isOwnProfile, onPostDeleted }: UserPostsProps) {
  const posts = useUserPosts(userId);
  return (
    <PagedPostList
      pages={posts}
      failure={<ErrorWithRetry onRetry={() => posts.refetch()}>{LOAD_FAILED}</ErrorWithRetry>}
      empty={
        <EmptyState title="No posts yet">
          {isOwnProfile && (
            <Link to="/create-post" className="btn-primary">
              Create your first post
            </Link>
          )}
        </EmptyState>
      }
      loadMoreLabel="Load More"
      loadMoreFailure={LOAD_FAILED}
      deleteFailureMessage={() => 'Failed to delete post'}
      onPostDeleted={onPostDeleted}
    />
  );
}
