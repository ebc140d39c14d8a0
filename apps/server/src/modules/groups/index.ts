/** What other modules may use of groups: the groups service, passed in by app.ts, and who finds a group. */
export { groupFoundBy } from './groups.queries.js';
export type { GroupsService } from './groups.service.js';
