/** What the rest of the app may use from the plans feature; its pages are lazy-loaded by the router. */
export { PlanCard } from './components/plan-card';
export { PublicPlansFeed } from './components/public-plans-feed';
export { UserPlans } from './components/user-plans';
