import { type LearningPlan, PLAN_MESSAGES } from '@pathwise/contract';
import { Link } from 'react-router';

/** "Based on {plan} by {name}" on a copy made with "Use as template"; nothing on other plans. */
export function PlanOrigin({ basedOn }: Pick<LearningPlan, 'basedOn'>) {
  if (!basedOn) return null;
  const { plan } = basedOn;
  return (
    <p className="mt-2 text-sm text-slate-600">
      {plan ? (
        <>
          Based on{' '}
          <Link to={`/learning-plan/${plan.id}`} className="text-link">
            {plan.title}
          </Link>{' '}
          by{' '}
          <Link to={`/profile/${plan.creator.id}`} className="text-link">
            {plan.creator.name || 'Anonymous User'}
          </Link>
        </>
      ) : basedOn.deleted ? (
        PLAN_MESSAGES.basedOnDeleted
      ) : (
        PLAN_MESSAGES.basedOnHidden
      )}
    </p>
  );
}
