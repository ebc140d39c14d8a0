import type { Page, Post } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { PagedItems, type PagedStates } from '../../../components/paged-items';
import type { PagedList } from '../../../lib/paged-list';
import { PostList } from './post-list';

type PagedPostListProps = PagedStates & {
  pages: PagedList<Page<Post>>;
  empty: ReactNode;
  deleteFailureMessage: (error: unknown) => string;
  onPostDeleted?: (post: Post) => void;
};

/** Spec §4: page 0 replaces the list, later pages are appended while the last one has not come. */
export function PagedPostList({
  pages,
  empty,
  deleteFailureMessage,
  onPostDeleted,
  ...states
}: PagedPostListProps) {
  return (
    <PagedItems list={pages} {...states} className="space-y-6">
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
