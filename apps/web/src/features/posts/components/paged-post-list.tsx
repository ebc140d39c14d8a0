import type { Page, Post } from '@pathwise/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox } from '../../../components/callout';
import { LoadMoreButton } from './load-more-button';
import { PostList } from './post-list';

type PagedPostListProps = {
  pages: UseInfiniteQueryResult<InfiniteData<Page<Post>>>;
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
        posts={pages.data.pages.flatMap((page) => page.content)}
        empty={empty}
        deleteFailureMessage={deleteFailureMessage}
        {...(onPostDeleted && { onPostDeleted })}
      />
      {pages.isFetchNextPageError && <ErrorBox>{loadMoreFailure}</ErrorBox>}
      {pages.hasNextPage && (
        <LoadMoreButton
          label={loadMoreLabel}
          loading={pages.isFetchingNextPage}
          onClick={() => pages.fetchNextPage()}
        />
      )}
    </div>
  );
}
