/**
 * What the rest of the app may use from the groups feature: "Start a group", a group's card, a profile's
 * groups.
 */
export { GroupCard } from './components/group-card';
export { StartGroupButton } from './components/start-group-button';
export { UserGroups } from './components/user-groups';
