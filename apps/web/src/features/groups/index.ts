/** What the rest of the app may use from the groups feature: "Start a group", a profile's groups. */
export { StartGroupButton } from './components/start-group-button';
export { UserGroups } from './components/user-groups';
