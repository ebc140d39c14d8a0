/** What the rest of the app may use from the activity feature. */
export { ActivityTab } from './components/activity-tab';
