import { PROGRESS_SHARE_TEXTS } from '@pathwise/contract';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ProgressBar } from '../../../components/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSharedProgress } from '../api/shared-progress';
import { ProgressMap } from '../components/progress-map';

/**
 * `/learning-plan/{planId}/progress/{handle}`: a person's progress on a public plan, which they chose to
 * share: their percentage, learning streak and the plan's map coloured by their statuses.
 */
export function SharedProgressPage() {
  const { planId = '', handle = '' } = useParams();
  const valid = /^[1-9]\d{0,9}$/.test(planId) && /^\w{3,30}$/.test(handle);
  if (!valid) return <ErrorBox>{PROGRESS_SHARE_TEXTS.notFound}</ErrorBox>;
  return <SharedProgressOf key={`${planId}/${handle}`} planId={Number(planId)} handle={handle} />;
}

function SharedProgressOf({ planId, handle }: { planId: number; handle: string }) {
  const progress = useSharedProgress(planId, handle);
  const data = progress.data;
  useDocumentTitle(data ? PROGRESS_SHARE_TEXTS.pageTitle(data.person.name, data.plan.title) : 'Progress');

  if (progress.isPending) return <Loading />;
  if (!data) {
    if (progress.error instanceof ApiError && progress.error.status === 404)
      return <ErrorBox>{PROGRESS_SHARE_TEXTS.notFound}</ErrorBox>;
    return (
      <ErrorWithRetry onRetry={() => progress.refetch()}>{PROGRESS_SHARE_TEXTS.loadFailed}</ErrorWithRetry>
    );
  }

  const { person, plan } = data;
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-3">
        <div className="flex items-center gap-3">
          <Avatar src={person.profilePicture} alt="" className="size-10" />
          <Link to={`/@${person.handle}`} className="text-link font-medium">
            {PROGRESS_SHARE_TEXTS.byline(person.name, person.handle)}
          </Link>
        </div>
        <h1 className="text-2xl font-bold text-slate-900">
          {PROGRESS_SHARE_TEXTS.pageTitle(person.name, plan.title)}
        </h1>
        <Link to={`/learning-plan/${plan.id}`} className="text-link text-sm">
          {PROGRESS_SHARE_TEXTS.openPlan}
        </Link>
      </header>
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">{PROGRESS_SHARE_TEXTS.percentLabel}</dt>
          <dd className="text-3xl font-bold text-indigo-700">{data.percentage}%</dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">{PROGRESS_SHARE_TEXTS.streakLabel}</dt>
          <dd className="text-3xl font-bold text-indigo-700">
            {PROGRESS_SHARE_TEXTS.streak(data.streakDays)}
          </dd>
        </div>
      </dl>
      <ProgressBar value={data.percentage} label={PROGRESS_SHARE_TEXTS.percentLabel} />
      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{PROGRESS_SHARE_TEXTS.topicsHeading}</h2>
        <ProgressMap name={person.name} title={plan.title} topics={data.topics} />
      </section>
    </article>
  );
}
