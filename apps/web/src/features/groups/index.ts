/** What the rest of the app may use from the groups feature: the plan page's "Start a group". */
export { StartGroupButton } from './components/start-group-button';
