/** What the rest of the app may use from the posts feature; its pages are lazy-loaded by the router. */
export { LatestPostsFeed } from './components/latest-posts-feed';
export { PostCard } from './components/post-card';
export { UserPosts } from './components/user-posts';
