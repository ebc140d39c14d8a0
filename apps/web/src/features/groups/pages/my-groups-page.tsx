import { GROUP_MESSAGES } from '@pathwise/contract';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMyGroups } from '../api/queries';
import { GroupCard } from '../components/group-card';

/** /groups: the viewer's study groups, newest joined first. */
export function MyGroupsPage() {
  useDocumentTitle('Groups');
  const groups = useMyGroups();
  return (
    <section aria-labelledby="groups-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="groups-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Your study groups
      </h1>
      <PagedItems
        list={groups}
        failure={
          <ErrorWithRetry onRetry={() => void groups.refetch()}>{GROUP_MESSAGES.listFailed}</ErrorWithRetry>
        }
        loadMoreFailure={GROUP_MESSAGES.listFailed}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No groups yet">
              <p>{GROUP_MESSAGES.noGroups}</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Your study groups">
              {items.map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}
