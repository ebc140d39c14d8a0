/** What other modules use of notifications: the fold of their counts, for the counters' repair. */
export { foldNotificationCounts } from './notifications.queries.js';
