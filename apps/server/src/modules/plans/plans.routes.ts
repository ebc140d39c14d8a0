import {
  learningPlan,
  learningPlanPage,
  newResourceBody,
  planBody,
  planFileUpload,
  planParams,
  planResource,
  planUserParams,
  resourceParams,
  resourceProgressQuery,
  topicParams,
  topicProgressQuery,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletionResponse,
  pagedList,
  readFailures,
  uploadFailures,
  writeFailures,
} from '../../lib/route-schema.js';
import { incomingUpload } from '../../lib/uploads/upload.js';
import { readerOf, viewerOf } from '../../lib/viewer.js';
import type { PlanFilesService } from './plan-files.service.js';
import type { PlanTemplatesService } from './plan-templates.service.js';
import type { PlansService } from './plans.service.js';
import type { ProgressService } from './progress.service.js';

type PlanRoutesOptions = {
  plans: PlansService;
  progress: ProgressService;
  files: PlanFilesService;
  templates: PlanTemplatesService;
};

const tags = ['learning plans'];

/** `/api/learning-plans`: plans, their items, uploaded PDFs and each viewer's own progress. */
export const planRoutes: FastifyPluginAsyncZod<PlanRoutesOptions> = async (
  app,
  { plans, progress, files, templates },
) => {
  app.get(
    '/public',
    {
      schema: {
        tags,
        summary: 'Public learning plans, newest first, with the viewer’s progress',
        ...pagedList(learningPlanPage),
      },
    },
    async (request) => plans.publicPlans(readerOf(request), request.query),
  );

  app.get(
    '/popular',
    {
      schema: {
        tags,
        summary: 'Public learning plans, most used as a template first, with the viewer’s progress',
        ...pagedList(learningPlanPage),
      },
    },
    async (request) => plans.popularPlans(viewerOf(request), request.query),
  );

  app.get(
    '/user/:userId',
    {
      schema: {
        tags,
        summary: 'A user’s learning plans (their own private ones only to themselves), newest first',
        params: planUserParams,
        ...pagedList(learningPlanPage),
      },
    },
    async (request) => plans.userPlans(readerOf(request), request.params.userId, request.query),
  );

  app.get(
    '/:planId',
    {
      schema: {
        tags,
        summary: 'A learning plan with its topics, resources and the viewer’s progress',
        params: planParams,
        response: { 200: learningPlan, ...readFailures },
      },
    },
    async (request) => plans.planFor(readerOf(request), request.params.planId),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a learning plan with its topics and resources',
        body: planBody,
        response: { 201: learningPlan, ...readFailures },
      },
    },
    async (request, reply) => reply.status(201).send(await plans.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:planId',
    {
      schema: {
        tags,
        summary: 'Replace a learning plan: topics and resources matched by id are kept (with progress)',
        params: planParams,
        body: planBody,
        response: { 200: learningPlan, ...writeFailures },
      },
    },
    async (request) => plans.update(viewerOf(request), request.params.planId, request.body),
  );

  app.delete(
    '/:planId',
    {
      schema: {
        tags,
        summary: 'Delete a learning plan with everything that depends on it',
        params: planParams,
        response: deletionResponse,
      },
    },
    async (request, reply) => {
      await plans.remove(viewerOf(request), request.params.planId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:planId/copies',
    {
      schema: {
        tags,
        summary: 'Use a plan you can see as a template: answers your new private copy of it',
        description:
          'Copies the title, description, category, estimated days, topics and resources (links, types, ' +
          'descriptions, minutes) into a new private plan of yours whose `basedOn` names the original. ' +
          'Not copied: anyone’s progress, the dates, and uploaded PDFs (a copied PDF resource waits for ' +
          'a file of its own). The original’s creator is notified, unless it is you.',
        params: planParams,
        response: { 201: learningPlan, ...readFailures },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.copy(viewerOf(request), request.params.planId)),
  );

  app.post(
    '/:planId/topics/:topicId/resources',
    {
      schema: {
        tags,
        summary: 'Add a resource after the topic’s last one',
        params: topicParams,
        body: newResourceBody,
        response: { 201: planResource, ...writeFailures },
      },
    },
    async (request, reply) => {
      const { planId, topicId } = request.params;
      return reply
        .status(201)
        .send(await plans.addResource(viewerOf(request), planId, topicId, request.body));
    },
  );

  app.post(
    '/:planId/topics/:topicId/resources/upload',
    {
      schema: {
        tags,
        summary: 'Upload the PDF of a resource',
        description:
          'multipart/form-data with a PDF part `file` (checked by content, under 50 MB) and the form field ' +
          '`resourceId` (required, a resource of this topic; when sent twice the first counts). The resource ' +
          'becomes a PDF whose `url` serves the file; a file it had before is removed.',
        consumes: ['multipart/form-data'],
        params: topicParams,
        response: { 200: planFileUpload, ...uploadFailures },
      },
    },
    async (request) => {
      const { planId, topicId } = request.params;
      return files.uploadResourceFile(viewerOf(request), planId, topicId, incomingUpload(request));
    },
  );

  app.patch(
    '/:planId/topics/:topicId/user-progress',
    {
      schema: {
        tags,
        summary: 'Set the viewer’s own status of a topic; returns the plan as the viewer now sees it',
        params: topicParams,
        querystring: topicProgressQuery,
        response: { 200: learningPlan, ...readFailures },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { planId, topicId } = request.params;
      await progress.setTopicStatus(viewer, planId, topicId, request.query.status);
      return plans.planFor(viewer, planId);
    },
  );

  app.patch(
    '/:planId/topics/:topicId/resources/:resourceId/user-progress',
    {
      schema: {
        tags,
        summary:
          'Mark a resource completed or not for the viewer; returns the plan as the viewer now sees it',
        params: resourceParams,
        querystring: resourceProgressQuery,
        response: { 200: learningPlan, ...readFailures },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await progress.setResourceCompleted(viewer, request.params, request.query.isCompleted);
      return plans.planFor(viewer, request.params.planId);
    },
  );
};
