/** What other modules may use of plans: the plans service, passed in by app.ts. */
export type { PlansService } from './plans.service.js';
