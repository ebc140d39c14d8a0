import { PlanCard } from '../../features/plans';
import { PostCard } from '../../features/posts';
import { SavedList } from '../../features/saved';
import { useDocumentTitle } from '../../lib/document-title';

/** /saved: what the viewer bookmarked, with the cards their lists show. */
export function SavedPage() {
  useDocumentTitle('Saved');
  return (
    <section aria-labelledby="saved-heading" className="space-y-6">
      <h1 id="saved-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Saved
      </h1>
      <SavedList
        renderPost={(post) => <PostCard post={post} />}
        renderPlan={(plan) => <PlanCard plan={plan} />}
      />
    </section>
  );
}
