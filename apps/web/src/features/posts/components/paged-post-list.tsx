import type { Page, Post } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { PagedItems, type PagedStates } from '../../../components/paged-items';
import type { PagedList } from '../../../lib/paged-list';
import { PostCardSkeletons } from './post-card-skeletons';
import { PostList } from './post-list';

type PagedPostListProps = Omit<PagedStates, 'loading'> & {
  pages: PagedList<Page<Post>>;
  /** Said over the cards' placeholders while the first page loads: 'Loading...' unless named otherwise. */
  loadingLabel?: string;
  empty: ReactNode;
  deleteFailureMessage: (error: unknown) => string;
  onPostDeleted?: (post: Post) => void;
};

/** Page 0 replaces the list, later pages are appended while the last one has not come. */
export function PagedPostList({
  pages,
  empty,
  deleteFailureMessage,
  onPostDeleted,
  loadingLabel,
  ...states
}: PagedPostListProps) {
  return (
    <PagedItems
      list={pages}
      loading={<PostCardSkeletons {...(loadingLabel && { label: loadingLabel })} />}
      {...states}
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
