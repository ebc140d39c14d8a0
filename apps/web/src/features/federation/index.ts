/** What the rest of the app may use from the federation feature: people and posts from other servers. */
export { RemoteAccountCard } from './components/remote-account-card';
export { RemotePostCard } from './components/remote-post-card';
