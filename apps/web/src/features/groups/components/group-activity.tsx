import { GROUP_MESSAGES, type Group } from '@pathwise/contract';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { useGroupActivity } from '../api/queries';

/** The group page's activity: "Maya finished Closures", newest first (members only). */
export function GroupActivity({ group }: { group: Group }) {
  const activity = useGroupActivity(group.id);
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Activity
      </h2>
      <PagedItems
        list={activity}
        failure={
          <ErrorWithRetry onRetry={() => void activity.refetch()}>
            {GROUP_MESSAGES.activityFailed}
          </ErrorWithRetry>
        }
        loadMoreFailure={GROUP_MESSAGES.activityFailed}
      >
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">{GROUP_MESSAGES.noActivity}</p>
          ) : (
            <ul className="space-y-1" aria-label="Activity">
              {items.map((line) => (
                <li key={`${line.user.id}-${line.topic.id}`} className="text-sm text-slate-800">
                  <Link
                    to={`/profile/${line.user.id}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {line.user.name}
                  </Link>{' '}
                  finished {line.topic.title}
                  <span className="text-slate-600">
                    {' '}
                    · <RelativeTime value={line.doneAt} />
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}
