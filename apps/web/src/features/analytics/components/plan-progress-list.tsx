import { ANALYTICS_MESSAGES, type LearningPlan } from '@pathwise/contract';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { formatPercent } from '../../../lib/format';
import { categoryLabel } from '../../../lib/labels';

/** Spec §2 'Learning Plans Progress': the server sends them highest completion first. */
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
        <p className="p-6 text-center text-slate-500">{ANALYTICS_MESSAGES.noPlans}</p>
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
