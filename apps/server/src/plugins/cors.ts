import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets web pages of the given other origins call the API (wire contract decision 17). A refused origin
 * gets no `Access-Control-Allow-*` header at all, so its browser blocks the response; requests without
 * `Origin`, or from the server's own origin, are served as ever.
 */
export const corsPlugin = fp(async (app: FastifyInstance, { origins }: { origins: string[] }) => {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    // false, unlike a list, also leaves out the preflight's Allow-Methods and Allow-Headers.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
});
