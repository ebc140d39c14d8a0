import { GROUP_MESSAGES } from '@pathwise/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMyGroups } from '../api/queries';

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
                <li key={group.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  <Link to={`/groups/${group.id}`} className="font-semibold text-indigo-700 hover:underline">
                    {group.name}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {group.plan.title} · {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}
