export { checkingDeliveries } from './delivery-guard.js';
export { registerFederationHandlers } from './federation.handlers.js';
export { createPathwiseFederation, type PathwiseFederation } from './federation.js';
export { federationRoutes } from './federation.routes.js';
export { federationApiRoutes } from './federation-api.routes.js';
