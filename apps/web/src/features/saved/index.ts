/** What the rest of the app may use from the saved feature. */
export { SavedList } from './components/saved-list';
