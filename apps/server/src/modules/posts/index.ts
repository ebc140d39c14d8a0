/** What other modules may use of posts: the posts service, passed in by app.ts. */
export type { PostDraft, PostsService } from './posts.service.js';
