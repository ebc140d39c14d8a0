import { cursorPageQuery, errorBody, pageQuery } from '@pathwise/contract';
import type { FastifyReply, FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * The failure answers a route documents, each the contract's error body. Signed-in routes need not
 * list 401 nor `security`: the docs plugin adds both to every route that is not public.
 */
export function failures<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<
    Status,
    typeof errorBody
  >;
}

/** Reading: a malformed id or query is a 400; an unknown id, or one the viewer may not see, a 404. */
export const readFailures = failures(400, 404);
/** Changing something: a read's failures, and 403 when it belongs to someone else. */
export const writeFailures = failures(400, 403, 404);
/** Changing something with files: also 413 (a file too large) and 415 (not multipart, or a refused type). */
export const uploadFailures = failures(400, 403, 404, 413, 415);

/** What a deletion answers: 204 without a body, or a change's failures. */
export const deletionResponse = { 204: z.null().describe('Deleted'), ...writeFailures };

/** `pagedList` whose query may also carry a `cursor` (a previous answer's `nextCursor`). */
export const cursorPagedList = <Page extends z.ZodType>(pageSchema: Page) => ({
  querystring: cursorPageQuery(),
  response: { 200: pageSchema, ...readFailures },
});

/** The query string (`page`, `size`) and answers of a list read one page at a time. */
export const pagedList = <Page extends z.ZodType>(pageSchema: Page) => ({
  querystring: pageQuery(),
  response: { 200: pageSchema, ...readFailures },
});

/** What a read answers: `body` with 200, or a read's failures. */
export const readResponse = <Body extends z.ZodType>(body: Body) => ({ 200: body, ...readFailures });

/** What a change answers: `body` with 200, or a change's failures. */
export const writeResponse = <Body extends z.ZodType>(body: Body) => ({ 200: body, ...writeFailures });

/**
 * A module's route options, its OpenAPI tags said once: `route(summary, schema)` is Fastify's
 * `{ schema }` with the tags and summary added, so the handler is typed from `schema` as usual.
 */
export const routeOptions =
  (tags: string[]) =>
  <const Schema extends FastifySchema>(summary: string, schema: Schema) => ({
    schema: { tags, summary, ...schema },
  });

/** Answers 204 without a body once `done` (the deletion) has finished. */
export async function deleted(reply: FastifyReply, done: Promise<unknown>) {
  await done;
  return reply.status(204).send(null);
}
