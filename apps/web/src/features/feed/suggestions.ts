/**
 * A narrower entry than index.ts: the people to follow alone, for the search page, so that page does not
 * share the Following tab's code with the home page (docs/testing.md, "Budgets").
 */
export { PeopleToFollow, type RenderFollow } from './components/people-to-follow';
