import {
  draft,
  draftInput,
  draftPage,
  draftParams,
  planDraftParams,
  publishedDraft,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleted,
  deletionResponse,
  failures,
  pagedList,
  readResponse,
  routeOptions,
  uploadFailures,
} from '../../lib/route-schema.js';
import { incomingUpload } from '../../lib/uploads/upload.js';
import { viewerOf } from '../../lib/viewer.js';
import type { DraftsService } from './drafts.service.js';

const route = routeOptions(['drafts']);

/**
 * Drafts, under `/api/drafts`: the viewer's own only; anyone else's draft is a 404. Publishing turns one
 * into a post or plan and removes it.
 */
export const draftsRoutes: FastifyPluginAsyncZod<{ drafts: DraftsService }> = async (app, { drafts }) => {
  app.get('/', route('Your drafts, newest change first', pagedList(draftPage)), async (request) =>
    drafts.list(viewerOf(request), request.query),
  );

  app.post(
    '/',
    route('Start a draft of a post or plan, or of changes to a plan (fields may be unfinished)', {
      description:
        'With `planId` (a plan draft only) the draft holds changes to that plan of yours: one per plan,' +
        " so a second POST replaces the first's fields.",
      body: draftInput,
      response: { 201: draft, ...failures(400, 403, 404, 409) },
    }),
    async (request, reply) => reply.status(201).send(await drafts.create(viewerOf(request), request.body)),
  );

  app.get(
    '/plans/:planId',
    route('Your draft of changes to one of your plans (404 when there is none)', {
      params: planDraftParams,
      response: readResponse(draft),
    }),
    async (request) => drafts.ofPlan(viewerOf(request), request.params.planId),
  );

  app.get(
    '/:id',
    route('One of your drafts', { params: draftParams, response: readResponse(draft) }),
    async (request) => drafts.one(viewerOf(request), request.params.id),
  );

  app.put(
    '/:id',
    route('Replace the fields of one of your drafts', {
      params: draftParams,
      body: draftInput,
      response: readResponse(draft),
    }),
    async (request) => drafts.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    route('Delete one of your drafts', { params: draftParams, response: deletionResponse }),
    async (request, reply) => deleted(reply, drafts.remove(viewerOf(request), request.params.id)),
  );

  app.post(
    '/:id/publish',
    route('Publish a draft as a post or plan; the draft is removed', {
      description:
        'A post draft: multipart/form-data with its media as repeated `files` parts and an optional' +
        ' `post` part of `{"altTexts": [...]}`; the title, content, category, progress and tags are the' +
        " draft's. A plan draft: no body. The full rules of a post or plan apply here.",
      params: draftParams,
      response: { 201: publishedDraft, ...uploadFailures },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await drafts.publish(viewerOf(request), request.params.id, incomingUpload(request))),
  );
};
