import { FEED_MESSAGES, skippedText } from '@pathwise/contract';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { ProgressBar } from '../../../components/progress-bar';
import { formatPercent } from '../../../lib/format';
import { categoryLabel } from '../../../lib/labels';
import { usePlansInProgress } from '../api/queries';
import { SmallStatus } from './small-status';

/**
 * The viewer's own and tracked plans not completed yet, with how far they got (docs/features.md,
 * "Following").
 */
export function PlansInProgress() {
  const query = usePlansInProgress();
  if (query.isPending) return <SmallStatus>Loading your plans...</SmallStatus>;
  if (!query.data)
    return (
      <ErrorWithRetry onRetry={() => void query.refetch()}>
        {FEED_MESSAGES.plansInProgressFailed}
      </ErrorWithRetry>
    );
  if (query.data.length === 0)
    return (
      <div className="space-y-2 text-sm text-slate-600">
        <p>{FEED_MESSAGES.noPlansInProgress}</p>
        <Link to="/create-learning-plan" className="text-link">
          Create a learning plan
        </Link>
      </div>
    );
  return (
    <ul className="space-y-4">
      {query.data.map((plan) => (
        <li key={plan.id}>
          <Link to={`/learning-plan/${plan.id}`} className="block rounded-lg hover:text-indigo-700">
            <span className="block truncate font-medium text-slate-900">{plan.title}</span>
            <span className="block text-xs text-slate-600">
              {categoryLabel(plan.category)} · {plan.completedTopics} of {plan.totalTopics} topics
              {skippedText(plan.skippedTopics)} · {formatPercent(plan.completionPercentage)}
            </span>
          </Link>
          <ProgressBar
            value={plan.completionPercentage}
            label={`Progress on ${plan.title}`}
            className="mt-1.5"
          />
        </li>
      ))}
    </ul>
  );
}
