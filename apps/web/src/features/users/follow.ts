/**
 * The users feature's second entry, for the home page's first paint: the Follow button alone, without the
 * profile's code (its dialogs and the contract's schemas) that index.ts brings (docs/testing.md, "Budgets").
 */
export { FollowPersonButton } from './components/follow-person-button';
