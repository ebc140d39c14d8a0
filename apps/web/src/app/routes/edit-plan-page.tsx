import { DRAFT_MESSAGES, type LearningPlan, PLAN_MESSAGES } from '@pathwise/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Callout, ErrorBox } from '../../components/callout';
import { Loading } from '../../components/loading';
import { type DraftStatus, DraftStatusLine, useAutosavedDraft, useLeaveWarning } from '../../features/drafts';
import {
  type PlanDraftBinding,
  PlanForm,
  planDraftFieldsOf,
  planFormValuesOf,
  planIdFrom,
  toFormValues,
  usePlan,
} from '../../features/plans/editor';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/document-title';

/** /learning-plan/{planId}/edit; a new plan's form is the create-plan page. */
export function EditPlanPage() {
  const { planId: param } = useParams();
  useDocumentTitle('Edit learning plan');
  const planId = planIdFrom(param);
  // A plan that cannot be loaded sends the user to their profile.
  if (planId === null) return <Navigate to="/profile" replace />;
  // Keyed: going from one plan's form to another's starts a fresh form.
  return <EditablePlan key={planId} planId={planId} />;
}

function Page({ status, children }: { status?: DraftStatus; children: ReactNode }) {
  return (
    <section aria-labelledby="plan-form-heading" className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="plan-form-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Edit Learning Plan
        </h1>
        {status && <DraftStatusLine status={status} />}
      </div>
      {children}
    </section>
  );
}

function EditablePlan({ planId }: { planId: number }) {
  const me = useSignedInUser();
  const navigate = useNavigate();
  const plan = usePlan(planId);
  if (plan.isError) return <Navigate to="/profile" replace />;
  if (plan.isPending) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  if (plan.data.creator.id !== me.id) {
    return (
      <Page>
        <div className="space-y-4">
          <ErrorBox>{PLAN_MESSAGES.cannotEdit}</ErrorBox>
          <button
            type="button"
            onClick={() => navigate(`/learning-plan/${planId}`)}
            className="btn-secondary"
          >
            Go Back
          </button>
        </div>
      </Page>
    );
  }
  return <OwnPlanForm plan={plan.data} />;
}

/**
 * The owner's plan, its changes kept as a draft of that plan while they are made (docs/features.md,
 * "Drafts"): changes not saved yet come back on a reload or another device, leaving with a change not
 * saved yet asks first, and updating the plan deletes the draft.
 */
function OwnPlanForm({ plan }: { plan: LearningPlan }) {
  const draft = useAutosavedDraft('PLAN', { planId: plan.id });
  const leaveWarning = useLeaveWarning(draft.dirty);
  const { change, discard } = draft;
  // Discarding the restored changes starts the form again from the plan.
  const [discarded, setDiscarded] = useState(false);

  const binding = useMemo<PlanDraftBinding>(
    () => ({ onChange: (values) => change(planDraftFieldsOf(values)), onCreated: discard }),
    [change, discard],
  );
  const restored = discarded ? undefined : draft.restored;
  const initialValues = useMemo(
    () => (restored ? planFormValuesOf(restored, plan) : toFormValues(plan)),
    [restored, plan],
  );

  const discardChanges = async () => {
    await discard();
    setDiscarded(true);
  };

  return (
    <Page status={draft.status}>
      {draft.restoring ? (
        <Loading label="Loading your changes..." />
      ) : (
        <>
          {restored && (
            <Callout tone="warning">
              <p>{DRAFT_MESSAGES.restoredEdit}</p>
              <button type="button" className="btn-secondary mt-2" onClick={() => void discardChanges()}>
                {DRAFT_MESSAGES.discardEdit}
              </button>
            </Callout>
          )}
          <PlanForm
            key={discarded ? 'plan' : 'draft'}
            planId={plan.id}
            initialValues={initialValues}
            draft={binding}
          />
        </>
      )}
      {leaveWarning}
    </Page>
  );
}
