import { DRAFT_MESSAGES } from '@pathwise/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/callout';
import { Loading } from '../../components/loading';
import { DraftStatusLine, useAutosavedDraft, useLeaveWarning } from '../../features/drafts';
import {
  emptyPlan,
  type PlanDraftBinding,
  PlanForm,
  planDraftFieldsOf,
  planFormValuesOf,
} from '../../features/plans/editor';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * /create-learning-plan: the plan is kept as a draft while it is written (`?draft=<id>` restores it, on this
 * device or another) and leaving with a change not saved yet asks first; once the plan is created the
 * draft is deleted.
 */
export function CreatePlanPage() {
  useDocumentTitle('Create learning plan');
  const draft = useAutosavedDraft('PLAN');
  const leaveWarning = useLeaveWarning(draft.dirty);
  const { change, discard } = draft;

  const binding = useMemo<PlanDraftBinding>(
    () => ({ onChange: (values) => change(planDraftFieldsOf(values)), onCreated: discard }),
    [change, discard],
  );
  const restored = draft.restored;
  const initialValues = useMemo(() => (restored ? planFormValuesOf(restored) : emptyPlan()), [restored]);

  return (
    <section aria-labelledby="plan-form-heading" className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="plan-form-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Create Learning Plan
        </h1>
        <DraftStatusLine status={draft.status} />
      </div>
      {draft.restoring ? (
        <Loading label="Loading your draft..." />
      ) : draft.restoreFailed ? (
        <ErrorBox>
          <p>{DRAFT_MESSAGES.draftNotFound}</p>
          <p>
            It may have been used or deleted. <Link to="/drafts">See your drafts</Link>.
          </p>
        </ErrorBox>
      ) : (
        <PlanForm planId={null} initialValues={initialValues} draft={binding} />
      )}
      {leaveWarning}
    </section>
  );
}
