/** What other modules may use of users: creating an account and the users service's type. */
export { insertAccount } from './accounts.service.js';
export type { UsersService } from './users.service.js';
