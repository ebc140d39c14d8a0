import { type LearningPlan, PLAN_MESSAGES } from '@pathwise/contract';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { type ProgressChange, usePlan, useProgressChange } from '../api/queries';
import { PlanSummary } from '../components/plan-summary';
import { type ItemExtras, TopicProgress } from '../components/topic-progress';
import { planIdFrom } from '../plan-id';

export type { ItemExtras };

type PlanDetailPageProps = {
  /** What other features add to each topic and resource (the viewer's notes), composed by app/. */
  itemExtras?: ItemExtras;
  /** What the page composing this one puts under the plan's summary (the groups feature's button). */
  summaryExtra?: (plan: LearningPlan) => ReactNode;
};

/** /learning-plan/{planId}: the plan, its topics and resources, and the viewer's own progress on them. */
export function PlanDetailPage({ itemExtras, summaryExtra }: PlanDetailPageProps) {
  const planId = planIdFrom(useParams().planId);
  if (planId === null) return <PlanNotFound />;
  // Keyed by the id: another plan starts with nothing of the previous one's state.
  return <PlanDetail key={planId} planId={planId} itemExtras={itemExtras} summaryExtra={summaryExtra} />;
}

function PlanNotFound() {
  return (
    <ErrorBox title={PLAN_MESSAGES.planNotFound}>
      <p>{PLAN_MESSAGES.loadPlanFailed}</p>
    </ErrorBox>
  );
}

function PlanDetail({ planId, itemExtras, summaryExtra }: { planId: number } & PlanDetailPageProps) {
  const me = useViewer();
  const plan = usePlan(planId);
  useDocumentTitle(plan.data ? `Learning plan: ${plan.data.title}` : 'Learning plan');
  const progress = useProgressChange(planId);
  // Set in the click's own render, so a controlled checkbox shows its new state at once rather than
  // snapping back until the mutation's state arrives a tick later.
  const [pending, setPending] = useState<ProgressChange>();
  const signInFirst = useSignInFirst();
  // A visitor's tick is not shown: it would claim progress nobody saved.
  const changeProgress = signInFirst((change: ProgressChange) => {
    setPending(change);
    progress.mutate(change, { onSettled: () => setPending(undefined) });
  });

  if (plan.isPending) return <Loading />;
  if (!plan.data) {
    if (plan.error instanceof ApiError && plan.error.status === 404) return <PlanNotFound />;
    return <ErrorWithRetry onRetry={() => plan.refetch()}>{PLAN_MESSAGES.loadPlanFailed}</ErrorWithRetry>;
  }

  const failedChange = progress.isError ? progress.variables : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PlanSummary plan={plan.data} isCreator={plan.data.creator.id === me?.id} />
      {summaryExtra?.(plan.data)}
      {failedChange && (
        <ErrorBox>
          {'status' in failedChange ? PLAN_MESSAGES.topicStatusFailed : PLAN_MESSAGES.resourceStatusFailed}
        </ErrorBox>
      )}
      <ol className="space-y-4" aria-label="Topics">
        {plan.data.topics.map((topic, index) => (
          <li key={topic.id}>
            <TopicProgress
              topic={topic}
              position={index + 1}
              pending={pending}
              onChange={changeProgress}
              extras={{
                action: (item) => itemExtras?.action({ planId, topicId: topic.id, ...item }),
                details: (item) => itemExtras?.details({ planId, topicId: topic.id, ...item }),
              }}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
