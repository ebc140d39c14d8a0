/** What the rest of the app may use from the first-steps feature: the home page's greeting and checklist. */
export { useIsNewcomer } from './api/newcomer';
export { FirstSteps } from './components/lazy-first-steps';
