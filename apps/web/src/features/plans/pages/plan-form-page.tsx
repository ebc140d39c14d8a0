import { PLAN_MESSAGES } from '@pathwise/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { Loading } from '../../../components/loading';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePlan } from '../api/queries';
import { PlanForm } from '../plan-form/plan-form';
import { emptyPlan, toFormValues } from '../plan-form/plan-form-schema';
import { planIdFrom } from '../plan-id';

/** /create-learning-plan, and /learning-plan/{planId}/edit (edit mode when a planId is present). */
export function PlanFormPage() {
  const { planId: param } = useParams();
  useDocumentTitle(param === undefined ? 'Create learning plan' : 'Edit learning plan');
  const planId = planIdFrom(param);
  // A plan that cannot be loaded sends the user to their profile.
  if (param !== undefined && planId === null) return <Navigate to="/profile" replace />;
  return (
    <section aria-labelledby="plan-form-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="plan-form-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        {planId === null ? 'Create Learning Plan' : 'Edit Learning Plan'}
      </h1>
      {/* Keyed: going from one plan's form to another's (or to a new one) starts a fresh form. */}
      {planId === null ? (
        <PlanForm key="new" planId={null} initialValues={emptyPlan()} />
      ) : (
        <EditablePlan key={planId} planId={planId} />
      )}
    </section>
  );
}

function EditablePlan({ planId }: { planId: number }) {
  const me = useSignedInUser();
  const navigate = useNavigate();
  const plan = usePlan(planId);
  if (plan.isError) return <Navigate to="/profile" replace />;
  if (plan.isPending) return <Loading />;
  if (plan.data.creator.id !== me.id) {
    return (
      <div className="space-y-4">
        <ErrorBox>{PLAN_MESSAGES.cannotEdit}</ErrorBox>
        <button type="button" onClick={() => navigate(`/learning-plan/${planId}`)} className="btn-secondary">
          Go Back
        </button>
      </div>
    );
  }
  return <PlanForm planId={planId} initialValues={toFormValues(plan.data)} />;
}
