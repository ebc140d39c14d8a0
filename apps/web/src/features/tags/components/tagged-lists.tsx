import type { LearningPlan, Post } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useTaggedPlans, useTaggedPosts } from '../api/queries';

/** The tag's posts, newest first, page by page, each drawn by the posts feature's card. */
export function TaggedPosts({ tag, renderPost }: { tag: string; renderPost: (post: Post) => ReactNode }) {
  const list = useTaggedPosts(tag);
  return (
    <PagedItems
      list={list}
      failure={
        <ErrorWithRetry title="Error Loading Posts" onRetry={() => void list.refetch()}>
          The posts of #{tag} could not be loaded.
        </ErrorWithRetry>
      }
      loadMoreFailure="Failed to load more posts"
      className="space-y-6"
    >
      {(posts) =>
        posts.length === 0 ? (
          <EmptyState title={`No posts tagged #${tag} yet`}>
            <p>Add #{tag} to a post of yours and it shows here.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-6">
            {posts.map((post) => (
              <li key={post.id}>{renderPost(post)}</li>
            ))}
          </ul>
        )
      }
    </PagedItems>
  );
}

/** The tag's learning plans the viewer may see, newest first, page by page. */
export function TaggedPlans({
  tag,
  renderPlan,
}: {
  tag: string;
  renderPlan: (plan: LearningPlan) => ReactNode;
}) {
  const list = useTaggedPlans(tag);
  return (
    <PagedItems
      list={list}
      failure={
        <ErrorWithRetry title="Error Loading Learning Plans" onRetry={() => void list.refetch()}>
          The learning plans of #{tag} could not be loaded.
        </ErrorWithRetry>
      }
      loadMoreFailure="Failed to load more learning plans"
      className="space-y-6"
    >
      {(plans) =>
        plans.length === 0 ? (
          <EmptyState title={`No learning plans tagged #${tag} yet`}>
            <p>Add #{tag} to a learning plan of yours and it shows here.</p>
          </EmptyState>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {plans.map((plan) => (
              <li key={plan.id}>{renderPlan(plan)}</li>
            ))}
          </ul>
        )
      }
    </PagedItems>
  );
}
