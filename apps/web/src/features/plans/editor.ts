/**
 * The plan form for the create-plan page (app/routes/create-plan-page.tsx), which binds it to an
 * autosaved draft: the form reports its changes and says when the plan was created, without knowing of
 * drafts.
 */

export { planDraftFieldsOf, planFormValuesOf } from './plan-form/plan-draft';
export { type PlanDraftBinding, PlanForm } from './plan-form/plan-form';
export { emptyPlan } from './plan-form/plan-form-schema';
