/** What the rest of the app may use from the plans feature; its pages are lazy-loaded by the router. */
export { PlanCard } from './components/plan-card';
export { PlansToExplore } from './components/plans-to-explore';
export { PublicPlansFeed } from './components/public-plans-feed';
export { UserPlans } from './components/user-plans';
