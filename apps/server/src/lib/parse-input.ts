import { statusOfIssue } from '@pathwise/contract';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Validates input that arrives outside Fastify's schema validation (e.g. a JSON part of a multipart
 * request) and refuses it the same way: a 400 whose message is the first problem, with every field listed.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError(
    statusOfIssue(result.error.issues[0]),
    errors[0]?.message ?? 'The request is invalid.',
    errors,
  );
}
