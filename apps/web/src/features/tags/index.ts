/** What the rest of the app may use from the tags feature: the tag page's parts, composed in `app/`. */
export { TagHeader } from './components/tag-header';
export { TaggedPlans, TaggedPosts } from './components/tagged-lists';
