/** What the rest of the app may use from the feed feature: the home page's Following tab and side column. */
export { FollowingFeed } from './components/following-feed';
export { HomeSideColumn } from './components/home-side-column';
export type { RenderFollow } from './components/people-to-follow';
