import type { LearningPlan } from '@pathwise/contract';
import { Link } from 'react-router';
import { HiddenBanner } from '../../../components/hidden-banner';
import { Markdown } from '../../../components/markdown/markdown';
import { ReportButton } from '../../../components/report-button';
import { SaveButton } from '../../../components/save-button';
import { ShareButton } from '../../../components/share-button';
import { TagLinks } from '../../../components/tag-links';
import { categoryLabel } from '../../../lib/labels';
import { formatCalendarDate, formatDays, formatTemplateUses } from '../plan-display';
import { CreatorByline } from './creator-byline';
import { PlanOrigin } from './plan-origin';
import { PlanProgress } from './plan-progress';
import { UseAsTemplate } from './use-as-template';

type PlanSummaryProps = { plan: LearningPlan; isCreator: boolean };

/**
 * The head of the plan detail page: who made it, what it is, and how far the viewer got. The progress
 * bar and its percentage say the status, so no status badge repeats it next to the title.
 */
export function PlanSummary({ plan, isCreator }: PlanSummaryProps) {
  const facts = [
    ['Category', categoryLabel(plan.category)],
    ['Estimated', formatDays(plan.estimatedDays)],
    ['Start date', plan.startDate && formatCalendarDate(plan.startDate)],
    ['Target completion', plan.targetCompletionDate && formatCalendarDate(plan.targetCompletionDate)],
    ['Visibility', plan.isPublic ? 'Public' : 'Private'],
    ['Templates', plan.templateUseCount > 0 && formatTemplateUses(plan.templateUseCount)],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));

  return (
    <section
      aria-labelledby="plan-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <HiddenBanner moderation={plan.moderation} className="mb-4" />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CreatorByline plan={plan} />
        <div className="flex flex-wrap items-start gap-2">
          {isCreator && (
            <Link to={`/learning-plan/${plan.id}/edit`} className="btn-secondary">
              Edit
            </Link>
          )}
          <UseAsTemplate planId={plan.id} />
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 id="plan-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {plan.title}
        </h1>
        <SaveButton kind="learning-plans" target={plan} />
        <ShareButton path={`/learning-plan/${plan.id}`} title={plan.title} />
        {!isCreator && (
          <ReportButton target={{ type: 'LEARNING_PLAN', id: plan.id, label: 'learning plan' }} />
        )}
      </div>
      <PlanOrigin basedOn={plan.basedOn} />
      <Markdown text={plan.description} className="mt-2 text-slate-700" />
      <TagLinks tags={plan.tags} className="mt-3" />

      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-5">
        <PlanProgress plan={plan} />
      </div>
    </section>
  );
}
