import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@pathwise/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isPublicRoute, isReadableRoute } from './public-routes.js';

type SwaggerTransformInput = Parameters<typeof jsonSchemaTransform>[0];

const READABLE_NOTE =
  'Visitors without a token may call it when the instance has PUBLIC_READING on: they get the ' +
  'signed-out view (per-viewer fields false or empty, counts kept).';

/** Documents what deny by default means for every route not declared public: a token, or a 401. */
function documentSignIn(input: SwaggerTransformInput) {
  const method = [input.route.method].flat()[0] ?? 'GET';
  if (!input.schema || isPublicRoute(method, input.url)) return jsonSchemaTransform(input);
  const schema = input.schema as SwaggerTransformInput['schema'] & {
    response?: object;
    description?: string;
  };
  // A readable route takes a token or none at all (an empty requirement), the latter with PUBLIC_READING on.
  const readable = isReadableRoute(method, input.url);
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      security: readable ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }],
      ...(readable && {
        description: [schema.description, READABLE_NOTE].filter(Boolean).join(' '),
      }),
      response: { ...schema.response, 401: errorBody },
    },
  });
}

/** OpenAPI generated from the route schemas (the contract's zod), browsable at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pathwise API',
        description: 'Posts, learning plans, progress, follows, notifications, search and analytics.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documentSignIn,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
