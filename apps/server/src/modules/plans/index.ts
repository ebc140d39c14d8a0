/** What other modules may use of plans: the plans service, passed in by app.ts, and the completion rule. */
export { completionPercentage } from './plan-responses.js';
export type { PlansService } from './plans.service.js';
