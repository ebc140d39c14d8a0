import type { FastifyInstance } from 'fastify';
import { multipart, type Part } from '../lib/multipart-body.js';

/** One demo member, signed in. */
export type Member = { id: number; token: string };

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  as?: Member;
  body?: object;
  parts?: Part[];
};

/**
 * Calls the API in process (app.inject): every row the demo writes goes through the routes' checks,
 * services and events, as a person's request would. A refusal stops the demo with its message.
 */
export function demoApi(app: FastifyInstance) {
  return async function call<T>({ method, url, as, body, parts }: Call): Promise<T> {
    const form = parts && multipart(parts);
    const response = await app.inject({
      method,
      url,
      headers: { ...(as && { authorization: `Bearer ${as.token}` }), ...form?.headers },
      ...(form ? { payload: form.payload } : body && { payload: body }),
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return (response.body ? response.json() : undefined) as T;
  };
}
export type DemoApi = ReturnType<typeof demoApi>;
