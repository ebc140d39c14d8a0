import { STATUS_CODES } from 'node:http';
import { type ErrorBody, statusOfIssue } from '@pathwise/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

/** Readable messages for the framework's own 4xx errors, whose defaults speak to developers. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; JSON was expected.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
};

const VALIDATION_CONTEXT_LABELS: Record<string, string> = {
  querystring: 'query',
  params: 'path',
};

function body(statusCode: number, message: string, errors?: ErrorBody['errors']): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(errors && { errors }) };
}

function validationBody(error: FastifyError): ErrorBody {
  const context = error.validationContext ?? 'body';
  const errors = (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return {
      field: field || (VALIDATION_CONTEXT_LABELS[context] ?? context),
      message: issue.message ?? 'is invalid',
    };
  });
  // A path id no row can have (see the contract's pathId) reads as an unknown id: a 404.
  const status = statusOfIssue(error.validation?.[0]?.params);
  return body(status, errors[0]?.message ?? 'The request is invalid.', errors);
}

/**
 * One error handler for the whole API: `{ statusCode, error, message, errors? }`, never internals in a 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const response = validationBody(error);
      return reply.status(response.statusCode).send(response);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message;
      return reply.status(status).send(body(status, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(body(500, `Something went wrong on our side. Please try again later (request ${request.id}).`));
  });
});

export function apiNotFoundBody(method: string, url: string): ErrorBody {
  return body(404, `There is no ${method} ${url.split('?')[0]} in the API.`);
}
