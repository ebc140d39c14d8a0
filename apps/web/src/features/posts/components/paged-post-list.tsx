import type { Page, Post } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { LoadMore } from '../../../components/load-more';
import { itemsOf, type PagedList } from '../../../lib/paged-list';
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
  if (pages.isPending) return loading;
  if (!pages.data) return failure;
  return (
    <div className="space-y-6">
      <PostList
        posts={itemsOf(pages.data)}
        empty={empty}
        deleteFailureMessage={deleteFailureMessage}
        {...(onPostDeleted && { onPostDeleted })}
      />
      <LoadMore list={pages} label={loadMoreLabel} failure={loadMoreFailure} />
    </div>
  );
}
