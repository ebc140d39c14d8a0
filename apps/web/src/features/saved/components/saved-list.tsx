import type { SavedPage } from '@pathwise/contract';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { LoadMore } from '../../../components/load-more';
import { Loading } from '../../../components/loading';
import { PostAndPlanList, type PostAndPlanListProps } from '../../../components/post-and-plan-list';
import { SAVED_QUERY_KEY } from '../../../components/save-button';
import { apiRequest } from '../../../lib/api-client';
import { itemsOf, pageQuery, usePagedList } from '../../../lib/paged-list';

type SavedListProps = Pick<PostAndPlanListProps, 'renderPost' | 'renderPlan'>;

/** The viewer's saved posts and plans, newest save first, page by page (docs/features.md, "Saved items"). */
export function SavedList({ renderPost, renderPlan }: SavedListProps) {
  const pages = usePagedList<SavedPage>({
    queryKey: SAVED_QUERY_KEY,
    fetchPage: (page, signal) => apiRequest<SavedPage>(`/api/saved?${pageQuery(page)}`, { signal }),
    restartOnReturn: true,
  });

  if (pages.isPending) return <Loading />;
  if (!pages.data)
    return (
      <ErrorWithRetry title="Error Loading Content" onRetry={() => void pages.refetch()}>
        Your saved items could not be loaded.
      </ErrorWithRetry>
    );
  const items = itemsOf(pages.data);
  if (items.length === 0)
    return (
      <EmptyState title="Nothing saved yet">
        <p>Press Save on a post or a learning plan to find it here again.</p>
      </EmptyState>
    );
  return (
    <div className="space-y-6">
      <PostAndPlanList items={items} renderPost={renderPost} renderPlan={renderPlan} />
      <LoadMore list={pages} failure="Failed to load more saved items" />
    </div>
  );
}
