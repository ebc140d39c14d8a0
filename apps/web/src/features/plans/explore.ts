/**
 * A narrower entry than index.ts: the newest public plans as a short list, for the search page alone, so
 * the home page's first paint does not carry it (docs/testing.md, "Budgets").
 */
export { PlansToExplore } from './components/plans-to-explore';
