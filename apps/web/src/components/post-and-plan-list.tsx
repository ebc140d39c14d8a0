import type { LearningPlan, Post } from '@pathwise/contract';
import type { ReactNode } from 'react';

type Item = { type: 'POST'; post: Post } | { type: 'LEARNING_PLAN'; learningPlan: LearningPlan };

export type PostAndPlanListProps = {
  items: Item[];
  /** Cards come from their own features, put together by the page. */
  renderPost: (post: Post) => ReactNode;
  renderPlan: (plan: LearningPlan) => ReactNode;
};

/** A list mixing posts and learning plans (saved items, the Following tab), each as its own card. */
export function PostAndPlanList({ items, renderPost, renderPlan }: PostAndPlanListProps) {
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.type === 'POST' ? `post-${item.post.id}` : `plan-${item.learningPlan.id}`}>
          {item.type === 'POST' ? renderPost(item.post) : renderPlan(item.learningPlan)}
        </li>
      ))}
    </ul>
  );
}
