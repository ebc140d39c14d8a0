import type { LearningPlan, Post, RemotePost } from '@pathwise/contract';
import type { ReactNode } from 'react';

type Item =
  | { type: 'POST'; post: Post }
  | { type: 'LEARNING_PLAN'; learningPlan: LearningPlan }
  | { type: 'REMOTE_POST'; remotePost: RemotePost };

export type PostAndPlanListProps = {
  items: Item[];
  /** Cards come from their own features, put together by the page. */
  renderPost: (post: Post) => ReactNode;
  renderPlan: (plan: LearningPlan) => ReactNode;
  /** Only the Following tab has posts from other servers. */
  renderRemotePost?: (post: RemotePost) => ReactNode;
};

const keyOf = (item: Item) =>
  item.type === 'POST'
    ? `post-${item.post.id}`
    : item.type === 'LEARNING_PLAN'
      ? `plan-${item.learningPlan.id}`
      : `remote-post-${item.remotePost.id}`;

/** A list mixing posts and learning plans (saved items, the Following tab), each as its own card. */
export function PostAndPlanList({ items, renderPost, renderPlan, renderRemotePost }: PostAndPlanListProps) {
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={keyOf(item)}>
          {item.type === 'POST'
            ? renderPost(item.post)
            : item.type === 'LEARNING_PLAN'
              ? renderPlan(item.learningPlan)
              : renderRemotePost?.(item.remotePost)}
        </li>
      ))}
    </ul>
  );
}
