export * from './activity.js';
export * from './follows.js';
export * from './notifications.js';
export * from './plans.js';
export * from './posts.js';
export * from './users.js';
