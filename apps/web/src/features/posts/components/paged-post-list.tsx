import type { Page, Post } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { PagedItems } from '../../../components/paged-items';
import type { PagedList } from '../../../lib/paged-list';
import { PostList } from './post-list';

type PagedPostListProps = {
  pages: PagedList<Page<Post>>;
  loading: ReactNode;
  /** Shown instead of the list when the first page cannot be loaded. */
  failure: ReactNode;
  empty: ReactNode;
  loadMoreLabel: string;
  /** Shown over the button when a later page cannot be loaded; the button tries again. */
  loadMoreFailure: string;
  deleteFailureMessage: (error: unknown) => string;
  onPostDeleted?: (post: Post) => void;
};

/** Spec §4: page 0 replaces the list, later pages are appended while the last one has not come. */
export function PagedPostList({
  pages,
  loading,
  failure,
  empty,
  loadMoreLabel,
  loadMoreFailure,
  deleteFailureMessage,
  onPostDeleted,
}: PagedPostListProps) {
  return (
    <PagedItems
      list={pages}
      loading={loading}
      failure={failure}
      loadMoreLabel={loadMoreLabel}
      loadMoreFailure={loadMoreFailure}
      className="space-y-6"
    >
      {(posts) => (
        <PostList
          posts={posts}
          empty={empty}
          deleteFailureMessage={deleteFailureMessage}
          {...(onPostDeleted && { onPostDeleted })}
        />
      )}
    </PagedItems>
  );
}
