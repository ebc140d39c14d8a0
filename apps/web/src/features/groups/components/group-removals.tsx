import { GROUP_MESSAGES, type Group } from '@pathwise/contract';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { itemsOf } from '../../../lib/paged-list';
import { liftRemoval } from '../api/groups-api';
import { useGroupChange, useGroupRemovals } from '../api/queries';

/**
 * The organisers' "Removed" list: the people removed from the group, who cannot join again until an
 * organiser lets them back (they then join as anyone may). Shown once someone was removed.
 */
export function GroupRemovals({ group }: { group: Group }) {
  const removals = useGroupRemovals(group.id);
  const lift = useGroupChange((userId: number) => liftRemoval(group.id, userId));
  if (removals.isPending || (removals.data && itemsOf(removals.data).length === 0)) return null;
  return (
    <section aria-labelledby="removed-heading" className="space-y-2">
      <h2 id="removed-heading" className="text-lg font-semibold text-slate-900">
        Removed
      </h2>
      <p className="text-sm text-slate-600">{GROUP_MESSAGES.removedHint}</p>
      <PagedItems
        list={removals}
        failure={
          <ErrorWithRetry onRetry={() => void removals.refetch()}>
            {GROUP_MESSAGES.removalsFailed}
          </ErrorWithRetry>
        }
        loadMoreFailure={GROUP_MESSAGES.removalsFailed}
      >
        {(items) => (
          <ul className="space-y-1" aria-label="Removed members">
            {items.map((removal) => (
              <li
                key={removal.user.id}
                className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-800"
              >
                <Link
                  to={`/profile/${removal.user.id}`}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  {removal.user.name}
                </Link>{' '}
                <span className="text-slate-600">
                  removed{removal.removedBy && ` by ${removal.removedBy.name}`} ·{' '}
                  <RelativeTime value={removal.removedAt} />
                </span>{' '}
                <button
                  type="button"
                  className="text-xs text-indigo-700 underline"
                  disabled={lift.isPending}
                  onClick={() => lift.mutate(removal.user.id)}
                  aria-label={`Let ${removal.user.name} back in`}
                >
                  Let back in
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
      {lift.isError && <ErrorBox>{GROUP_MESSAGES.actionFailed}</ErrorBox>}
    </section>
  );
}
