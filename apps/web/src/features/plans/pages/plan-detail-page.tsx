import { type LearningPlan, PLAN_MAP_MESSAGES, PLAN_MESSAGES, type TopicStatus } from '@pathwise/contract';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { type ProgressChange, usePlan, useProgressChange } from '../api/queries';
import { PlanSummary } from '../components/plan-summary';
import { unmetPrerequisites } from '../components/prerequisites';
import { ProgressShareControl } from '../components/progress-share-control';
import { type ItemExtras, TopicProgress } from '../components/topic-progress';
import { planIdFrom } from '../plan-id';

export type { ItemExtras };

// The map and its graph layout library load only when someone opens the map.
const PlanMap = lazy(() => import('../components/plan-map'));

type View = 'list' | 'map';

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
  // The view is in the address (`?view=map`), so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'map' ? 'map' : 'list';
  const [opened, setOpened] = useState<number>();
  const showView = (next: View) =>
    setSearchParams(
      (params) => {
        if (next === 'map') params.set('view', 'map');
        else params.delete('view');
        return params;
      },
      { replace: true },
    );
  // A topic opened from the map: the list shows it and focus lands on it.
  useEffect(() => {
    if (opened === undefined || view !== 'list') return;
    const element = document.getElementById(`topic-${opened}`);
    element?.scrollIntoView({ block: 'start' });
    element?.focus();
    setOpened(undefined);
  }, [opened, view]);
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
      {me && <ProgressShareControl plan={plan.data} handle={me.handle} />}
      {failedChange && (
        <ErrorBox>
          {'status' in failedChange ? PLAN_MESSAGES.topicStatusFailed : PLAN_MESSAGES.resourceStatusFailed}
        </ErrorBox>
      )}
      <ViewSwitch view={view} onChange={showView} />
      {view === 'map' ? (
        <MapFailure>
          <Suspense fallback={<Loading />}>
            <PlanMap
              plan={plan.data}
              busy={pending !== undefined}
              pendingStatus={pending && 'status' in pending ? pending : undefined}
              onStatus={(topicId: number, status: TopicStatus) => changeProgress({ topicId, status })}
              onOpen={(topicId: number) => {
                setOpened(topicId);
                showView('list');
              }}
            />
          </Suspense>
        </MapFailure>
      ) : (
        <ol className="space-y-4" aria-label="Topics">
          {plan.data.topics.map((topic, index) => (
            <li
              key={topic.id}
              id={`topic-${topic.id}`}
              tabIndex={-1}
              className="scroll-mt-20 focus:outline-none"
            >
              <TopicProgress
                topic={topic}
                position={index + 1}
                pending={pending}
                onChange={changeProgress}
                needs={unmetPrerequisites(plan.data.topics, topic)}
                extras={{
                  action: (item) => itemExtras?.action({ planId, topicId: topic.id, ...item }),
                  details: (item) => itemExtras?.details({ planId, topicId: topic.id, ...item }),
                }}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** List or Map: two toggle buttons, the one shown pressed. */
function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const options: [View, string][] = [
    ['list', PLAN_MAP_MESSAGES.viewList],
    ['map', PLAN_MAP_MESSAGES.viewMap],
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300">
      <legend className="sr-only">{PLAN_MAP_MESSAGES.viewChoice}</legend>
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className="px-4 py-1.5 text-sm font-medium text-slate-700 first:rounded-l-lg last:rounded-r-lg aria-pressed:bg-indigo-600 aria-pressed:text-white"
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** The map's chunk failed to load (or to draw): say so; the List view still works. */
class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ErrorBox>{PLAN_MAP_MESSAGES.mapLoadFailed}</ErrorBox> : this.props.children;
  }
}
