import {
  closeReportBody,
  moderationActionPage,
  moderationReportPage,
  moderationReportsQuery,
  pageQuery,
  reportBody,
  reportParams,
  reportReceived,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleted, failures, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { ReportsService } from './reports.service.js';

/** `POST /api/reports`: anyone signed in reports what they can see. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/',
    route('Report a post, comment, plan, user, group or someone elsewhere to the moderators', {
      description:
        'With `forward` (someone on another server, or their comment) an anonymous ActivityPub Flag ' +
        'also goes to their server.',
      body: reportBody,
      response: { 201: reportReceived, ...failures(400, 404) },
    }),
    async (request, reply) => reply.code(201).send(await reports.report(viewerOf(request), request.body)),
  );
};

const route = routeOptions(['moderation']);

/** `/api/moderation`: the reports queue and the log of what moderators did (ADMIN_EMAILS only). */
export const moderationRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/reports',
    route('Reports, open (oldest first) or closed (newest first)', {
      querystring: moderationReportsQuery,
      response: { 200: moderationReportPage, ...failures(400, 403) },
    }),
    async (request) => reports.reports(viewerOf(request), request.query),
  );

  app.post(
    '/reports/:reportId/close',
    route('Close an open report as resolved or dismissed, with an optional note', {
      params: reportParams,
      body: closeReportBody,
      response: { 204: z.null().describe('Closed'), ...failures(400, 403, 404, 409) },
    }),
    async (request, reply) =>
      deleted(reply, reports.close(viewerOf(request), request.params.reportId, request.body)),
  );

  app.get(
    '/actions',
    route('Every moderator action, newest first', {
      querystring: pageQuery(),
      response: { 200: moderationActionPage, ...failures(400, 403) },
    }),
    async (request) => reports.actions(viewerOf(request), request.query),
  );
};
