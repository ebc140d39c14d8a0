export * from './activity.js';
export * from './follows.js';
export * from './identities.js';
export * from './notifications.js';
export * from './plans.js';
export * from './posts.js';
export * from './row-counts.js';
export * from './users.js';
