/** What the rest of the app may use from the users feature; its edit page is lazy-loaded by the router. */
export { FollowPersonButton } from './components/follow-person-button';
export { ProfileByHandle, type ProfileSectionProps, ProfileView } from './components/profile-view';
