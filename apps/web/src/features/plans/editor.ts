/**
 * The plan form for the create-plan and edit-plan pages (app/routes/create-plan-page.tsx,
 * edit-plan-page.tsx), which bind it to an autosaved draft: the form reports its changes and says when
 * the plan was saved, without knowing of drafts.
 */

export { usePlan } from './api/queries';
export { planDraftFieldsOf, planFormValuesOf } from './plan-form/plan-draft';
export { type PlanDraftBinding, PlanForm } from './plan-form/plan-form';
export { emptyPlan, toFormValues } from './plan-form/plan-form-schema';
export { planIdFrom } from './plan-id';
