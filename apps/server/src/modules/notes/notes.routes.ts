import {
  note,
  noteBody,
  noteParams,
  notesQuery,
  planNoteGroupPage,
  planNotes,
  planParams,
  resourceParams,
  topicParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleted, deletionResponse, failures, readResponse, routeOptions } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { NotesService } from './notes.service.js';

const route = routeOptions(['notes']);
const written = readResponse(note);

/**
 * Private notes, under `/api`: written on a plan's topics and resources
 * (`/learning-plans/:planId/…/note`), read and deleted by id, listed at `/notes`. Only the writer
 * ever reads a note: anyone else's is a 404.
 */
export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  app.get(
    '/notes',
    route('Your notes, grouped by learning plan (newest change first); `q` searches their words', {
      querystring: notesQuery,
      response: { 200: planNoteGroupPage, ...failures(400) },
    }),
    async (request) => notes.list(viewerOf(request), request.query),
  );

  app.get(
    '/notes/:noteId',
    route('One of your notes', { params: noteParams, response: written }),
    async (request) => notes.one(viewerOf(request), request.params.noteId),
  );

  app.delete(
    '/notes/:noteId',
    route('Delete one of your notes', { params: noteParams, response: deletionResponse }),
    async (request, reply) => deleted(reply, notes.remove(viewerOf(request), request.params.noteId)),
  );

  app.get(
    '/learning-plans/:planId/notes',
    route('Your notes on the topics and resources of a learning plan you can see', {
      params: planParams,
      response: readResponse(planNotes),
    }),
    async (request) => notes.onPlan(viewerOf(request), request.params.planId),
  );

  app.put(
    '/learning-plans/:planId/topics/:topicId/note',
    route('Write (create or replace) your note on a topic', {
      params: topicParams,
      body: noteBody,
      response: written,
    }),
    async (request) => notes.write(viewerOf(request), request.params, request.body.content),
  );

  app.put(
    '/learning-plans/:planId/topics/:topicId/resources/:resourceId/note',
    route('Write (create or replace) your note on a resource', {
      params: resourceParams,
      body: noteBody,
      response: written,
    }),
    async (request) => notes.write(viewerOf(request), request.params, request.body.content),
  );
};
