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
  deleted,
  deletionResponse,
  pagedList,
  readFailures,
  readResponse,
  routeOptions,
  uploadFailures,
  writeFailures,
  writeResponse,
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

const route = routeOptions(['learning plans']);

/** `/api/learning-plans`: plans, their items, uploaded PDFs and each viewer's own progress. */
export const planRoutes: FastifyPluginAsyncZod<PlanRoutesOptions> = async (
  app,
  { plans, progress, files, templates },
) => {
  app.get(
    '/public',
    route('Public learning plans, newest first, with the viewer’s progress', {
      ...pagedList(learningPlanPage),
    }),
    async (request) => plans.publicPlans(readerOf(request), request.query),
  );

  app.get(
    '/popular',
    route('Public learning plans, most used as a template first, with the viewer’s progress', {
      ...pagedList(learningPlanPage),
    }),
    async (request) => plans.popularPlans(viewerOf(request), request.query),
  );

  app.get(
    '/user/:userId',
    route('A user’s learning plans (their own private ones only to themselves), newest first', {
      params: planUserParams,
      ...pagedList(learningPlanPage),
    }),
    async (request) => plans.userPlans(readerOf(request), request.params.userId, request.query),
  );

  app.get(
    '/:planId',
    route('A learning plan with its topics, resources and the viewer’s progress', {
      params: planParams,
      response: readResponse(learningPlan),
    }),
    async (request) => plans.planFor(readerOf(request), request.params.planId),
  );

  app.post(
    '/',
    route('Create a learning plan with its topics and resources', {
      body: planBody,
      response: { 201: learningPlan, ...readFailures },
    }),
    async (request, reply) => reply.status(201).send(await plans.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:planId',
    route('Replace a learning plan: topics and resources matched by id are kept (with progress)', {
      params: planParams,
      body: planBody,
      response: writeResponse(learningPlan),
    }),
    async (request) => plans.update(viewerOf(request), request.params.planId, request.body),
  );

  app.delete(
    '/:planId',
    route('Delete a learning plan with everything that depends on it', {
      params: planParams,
      response: deletionResponse,
    }),
    async (request, reply) => deleted(reply, plans.remove(viewerOf(request), request.params.planId)),
  );

  app.post(
    '/:planId/copies',
    route('Use a plan you can see as a template: answers your new private copy of it', {
      description:
        'Copies the title, description, category, estimated days, topics and resources (links, types, ' +
        'descriptions, minutes) into a new private plan of yours whose `basedOn` names the original. ' +
        'Not copied: anyone’s progress, the dates, and uploaded PDFs (a copied PDF resource waits for ' +
        'a file of its own). The original’s creator is notified, unless it is you.',
      params: planParams,
      response: { 201: learningPlan, ...readFailures },
    }),
    async (request, reply) =>
      reply.status(201).send(await templates.copy(viewerOf(request), request.params.planId)),
  );

  app.post(
    '/:planId/topics/:topicId/resources',
    route('Add a resource after the topic’s last one', {
      params: topicParams,
      body: newResourceBody,
      response: { 201: planResource, ...writeFailures },
    }),
    async (request, reply) => {
      const { planId, topicId } = request.params;
      return reply
        .status(201)
        .send(await plans.addResource(viewerOf(request), planId, topicId, request.body));
    },
  );

  app.post(
    '/:planId/topics/:topicId/resources/upload',
    route('Upload the PDF of a resource', {
      description:
        'multipart/form-data with a PDF part `file` (checked by content, under 50 MB) and the form field ' +
        '`resourceId` (required, a resource of this topic; when sent twice the first counts). The resource ' +
        'becomes a PDF whose `url` serves the file; a file it had before is removed.',
      consumes: ['multipart/form-data'],
      params: topicParams,
      response: { 200: planFileUpload, ...uploadFailures },
    }),
    async (request) => {
      const { planId, topicId } = request.params;
      return files.uploadResourceFile(viewerOf(request), planId, topicId, incomingUpload(request));
    },
  );

  app.patch(
    '/:planId/topics/:topicId/user-progress',
    route('Set the viewer’s own status of a topic; returns the plan as the viewer now sees it', {
      params: topicParams,
      querystring: topicProgressQuery,
      response: readResponse(learningPlan),
    }),
    async (request) => {
      const viewer = viewerOf(request);
      const { planId, topicId } = request.params;
      await progress.setTopicStatus(viewer, planId, topicId, request.query.status);
      return plans.planFor(viewer, planId);
    },
  );

  app.patch(
    '/:planId/topics/:topicId/resources/:resourceId/user-progress',
    route('Mark a resource completed or not for the viewer; returns the plan as the viewer now sees it', {
      params: resourceParams,
      querystring: resourceProgressQuery,
      response: readResponse(learningPlan),
    }),
    async (request) => {
      const viewer = viewerOf(request);
      await progress.setResourceCompleted(viewer, request.params, request.query.isCompleted);
      return plans.planFor(viewer, request.params.planId);
    },
  );
};
