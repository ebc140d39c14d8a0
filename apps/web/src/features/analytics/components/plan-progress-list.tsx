import { ANALYTICS_MESSAGES, type LearningPlan, skippedText } from '@pathwise/contract';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { formatPercent } from '../../../lib/format';
import { categoryLabel } from '../../../lib/labels';

/**
 * The plans with their progress, highest completion first as the server sends them. Without any, it
 * says where the dashboard's figures come from and offers to create the first plan.
 */
export function PlanProgressList({ plans }: { plans: LearningPlan[] }) {
  return (
    <section
      aria-labelledby="plans-progress-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="plans-progress-title" className="text-lg font-semibold text-slate-900">
        Learning Plans Progress
      </h2>
      {plans.length === 0 ? (
        <div className="flex flex-col items-center gap-3 p-6 text-center">
          <p className="font-medium text-slate-900">{ANALYTICS_MESSAGES.noPlans}</p>
          <p className="text-slate-600">{ANALYTICS_MESSAGES.firstPlanHint}</p>
          <Link to="/create-learning-plan" className="btn-primary">
            {ANALYTICS_MESSAGES.firstPlanAction}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {plans.map((plan) => (
            <li key={plan.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/learning-plan/${plan.id}`} className="text-link">
                  {plan.title}
                </Link>
                <span className="text-sm font-medium text-slate-900">
                  {formatPercent(plan.completionPercentage)} Complete
                </span>
              </div>
              <ProgressBar
                value={plan.completionPercentage}
                label={`${plan.title} progress`}
                className="mt-2"
              />
              <div className="mt-3 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-slate-500">
                <span>
                  {plan.completedTopics}/{plan.topics.length} topics completed
                  {skippedText(plan.skippedTopics)}
                </span>
                <span>
                  Category: {plan.category ? categoryLabel(plan.category) : ANALYTICS_MESSAGES.uncategorized}
                </span>
                <span>
                  Estimated:{' '}
                  {plan.estimatedDays ? `${plan.estimatedDays} days` : ANALYTICS_MESSAGES.notAvailable}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
