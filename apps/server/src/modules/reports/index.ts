export { moderationRoutes, reportsRoutes } from './reports.routes.js';
export { createReportsService, type ReportsService } from './reports.service.js';
