import { GROUP_MESSAGES } from '@pathwise/contract';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useUserGroups } from '../api/queries';
import { GroupCard } from './group-card';

/** The profile's Groups tab: the study groups the person is in that the viewer may see. */
export function UserGroups({ userId }: { userId: number }) {
  const groups = useUserGroups(userId);
  return (
    <PagedItems
      list={groups}
      failure={
        <ErrorWithRetry onRetry={() => void groups.refetch()}>
          {GROUP_MESSAGES.userGroupsFailed}
        </ErrorWithRetry>
      }
      loadMoreFailure={GROUP_MESSAGES.userGroupsFailed}
    >
      {(items) =>
        items.length === 0 ? (
          <EmptyState title={GROUP_MESSAGES.noUserGroups} />
        ) : (
          <ul className="space-y-3" aria-label="Study groups">
            {items.map((group) => (
              <li key={group.id}>
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
        )
      }
    </PagedItems>
  );
}
