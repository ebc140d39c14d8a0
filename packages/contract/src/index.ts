export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './health.js';
export * from './media.js';
export * from './users.js';
