import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { CATEGORY_LABELS } from '../../../lib/labels';
import { fetchPopularPlans } from '../api/plans-api';
import { planKeys } from '../api/queries';

/** How many popular plans the search page suggests. */
const SHOWN = 5;

/**
 * The public plans most used as a template, as a short list of links, for the search page without a query.
 */
export function PlansToExplore() {
  const query = useQuery({
    queryKey: [...planKeys.lists, 'popular'],
    queryFn: ({ signal }) => fetchPopularPlans(SHOWN, signal),
  });
  if (query.isPending)
    return (
      <p role="status" className="py-2 text-sm text-slate-600">
        Loading learning plans...
      </p>
    );
  if (!query.data)
    return (
      <ErrorWithRetry onRetry={() => void query.refetch()}>
        Learning plans could not be loaded.
      </ErrorWithRetry>
    );
  const plans = query.data.content;
  if (plans.length === 0) return <p className="text-sm text-slate-600">No public learning plans yet.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {plans.map((plan) => (
        <li key={plan.id} className="py-3">
          <Link to={`/learning-plan/${plan.id}`} className="text-link break-words">
            {plan.title}
          </Link>
          <p className="mt-0.5 text-sm text-slate-600">
            {CATEGORY_LABELS[plan.category]} · by {plan.creator.name}
          </p>
        </li>
      ))}
    </ul>
  );
}
