/**
 * What the rest of the app may use from the feed feature: the home page's Following tab and side column, and
 * the people to follow that the search page suggests too.
 */
export { FollowingFeed } from './components/following-feed';
export { HomeSideColumn } from './components/home-side-column';
export { PeopleToFollow, type RenderFollow } from './components/people-to-follow';
