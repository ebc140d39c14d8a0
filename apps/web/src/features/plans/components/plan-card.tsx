import type { LearningPlanCard } from '@pathwise/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { HiddenBanner } from '../../../components/hidden-banner';
import { Markdown } from '../../../components/markdown/markdown';
import { SaveButton } from '../../../components/save-button';
import { TagLinks } from '../../../components/tag-links';
import { useViewer } from '../../../lib/auth/auth-context';
import { categoryLabel } from '../../../lib/labels';
import { formatDays, formatTemplateUses, formatTopicCount } from '../plan-display';
import { CreatorByline } from './creator-byline';
import { PlanProgress } from './plan-progress';
import { PlanStatusBadge } from './plan-status-badge';

/** A full plan or its card shape (Explore's sections): the card shows only what both have. */
type PlanCardProps<Plan extends LearningPlanCard> = {
  plan: Plan;
  /** Offered to the creator only, with an Edit link, when given. */
  onDelete?: ((plan: Plan) => void) | undefined;
  /** True while this plan is being deleted. */
  deleting?: boolean;
};

/** A plan in a list: who made it, what it covers and how far the viewer got. */
export function PlanCard<Plan extends LearningPlanCard>({
  plan,
  onDelete,
  deleting = false,
}: PlanCardProps<Plan>) {
  const me = useViewer();
  const titleId = useId();
  const showActions = onDelete !== undefined && plan.creator.id === me?.id;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <HiddenBanner moderation={plan.moderation} />
      <header className="flex items-start justify-between gap-3">
        <CreatorByline plan={plan} />
        <span className="shrink-0 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">
          {/* Cards show the category lowercased. */}
          {categoryLabel(plan.category).toLowerCase()}
        </span>
      </header>

      <div>
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.title}
        </h3>
        <Markdown text={plan.description} compact className="mt-1 line-clamp-2 text-sm text-slate-600" />
      </div>
      <TagLinks tags={plan.tags} />

      <PlanProgress plan={plan} />

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        <span>Estimated: {formatDays(plan.estimatedDays)}</span>
        <PlanStatusBadge completionPercentage={plan.completionPercentage} />
        {plan.templateUseCount > 0 && <span>{formatTemplateUses(plan.templateUseCount)}</span>}
        <SaveButton kind="learning-plans" target={plan} />
      </div>

      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-800">{formatTopicCount(plan.topics.length)}</span>
        {plan.topics.length > 0 && `: ${plan.topics.map((topic) => topic.title).join(', ')}`}
      </p>

      <footer className="mt-auto flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <Link to={`/learning-plan/${plan.id}`} className="text-link text-sm">
          View Learning Plan
        </Link>
        {showActions && (
          <div className="ml-auto flex gap-2">
            <Link to={`/learning-plan/${plan.id}/edit`} className="btn-secondary">
              Edit
            </Link>
            <BusyButton
              type="button"
              onClick={() => onDelete(plan)}
              busy={deleting}
              className="btn-secondary text-red-700"
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </BusyButton>
          </div>
        )}
      </footer>
    </article>
  );
}
