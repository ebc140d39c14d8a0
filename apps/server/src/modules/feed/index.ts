/** What other modules may use of the feed: its service (people to follow), passed in by app.ts. */
export type { FeedService } from './feed.service.js';
