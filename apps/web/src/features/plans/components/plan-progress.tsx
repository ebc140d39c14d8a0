import { type LearningPlanCard, skippedText } from '@pathwise/contract';
import { ProgressBar } from '../../../components/progress-bar';
import { formatPercent } from '../../../lib/format';

/**
 * 'Progress (done/total topics, n skipped)' with the viewer's percentage (over the topics not skipped) and
 * its bar.
 */
export function PlanProgress({ plan }: { plan: LearningPlanCard }) {
  const topics = `${plan.completedTopics}/${plan.topics.length} topics${skippedText(plan.skippedTopics)}`;
  const label = `Progress (${topics})`;
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-600">{label}</span>
        <span className="font-semibold text-slate-900">{formatPercent(plan.completionPercentage)}</span>
      </div>
      <div className="mt-1.5">
        <ProgressBar value={plan.completionPercentage} label={label} />
      </div>
    </div>
  );
}
