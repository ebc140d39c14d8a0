export { contentModerationRoutes } from './content-moderation.routes.js';
export { createContentModerationService } from './content-moderation.service.js';
export { domainBlockRoutes } from './domain-blocks.routes.js';
export { createDomainBlocksService } from './domain-blocks.service.js';
export { insertReceivedReports } from './reports.queries.js';
export { moderationRoutes, reportsRoutes } from './reports.routes.js';
export { createReportsService, type ForwardedReport, type ReportsService } from './reports.service.js';
export { suspensionRoutes } from './suspensions.routes.js';
export { createSuspensionsService } from './suspensions.service.js';
