/** What other modules may use of plans: the plans service, passed in by app.ts, and the completion rule. */

export { requireOwnPlan } from './plan-access.js';
export { completionPercentage } from './plan-responses.js';
export type { KeptCards, PlansService, SharedPlanState } from './plans.service.js';
export type { ProgressSharesService } from './progress-shares.service.js';
