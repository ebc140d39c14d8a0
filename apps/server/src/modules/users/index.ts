/**
 * What other modules may use of users: creating an account, telling stored pictures from URLs, the service's
 * type.
 */
export { insertAccount } from './accounts.service.js';
export { isStoredFile } from './avatar.js';
export type { UsersService } from './users.service.js';
