import { isValidTag, normalizeTag, TAG_MESSAGES } from '@pathwise/contract';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Tabs } from '../../components/tabs';
import { PlanCard } from '../../features/plans';
import { PostCard } from '../../features/posts';
import { TaggedPlans, TaggedPosts, TagHeader } from '../../features/tags';
import { useDocumentTitle } from '../../lib/document-title';

/** /tags/{tag}: the posts and learning plans carrying a tag, and following it (docs/product.md). */
export function TagPage() {
  const tag = normalizeTag(useParams().tag ?? '');
  useDocumentTitle(`#${tag}`);
  if (!isValidTag(tag))
    return (
      <EmptyState title="No such tag">
        <p>{TAG_MESSAGES.invalid}</p>
      </EmptyState>
    );
  return (
    <section aria-labelledby="tag-heading" className="space-y-6">
      <TagHeader tag={tag} />
      <Tabs
        tabs={[
          {
            key: 'posts',
            label: 'Posts',
            panel: <TaggedPosts tag={tag} renderPost={(post) => <PostCard post={post} />} />,
          },
          {
            key: 'plans',
            label: 'Learning Plans',
            panel: <TaggedPlans tag={tag} renderPlan={(plan) => <PlanCard plan={plan} />} />,
          },
        ]}
      />
    </section>
  );
}
