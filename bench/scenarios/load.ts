import autocannon from 'autocannon';
import type { BenchRequest } from './scenarios.js';

export type LoadOptions = { connections: number; seconds: number };

export type LoadResult = {
  requestsPerSecond: number;
  /** Requests answered in all (what CPU time is divided by). */
  requests: number;
  p50: number;
  p99: number;
  /** The slowest answer: with one thread for everything, the queue in front of it shows here first. */
  max: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
};

/** autocannon's requests: each one `next()`, as its user. */
export function sending(next: () => BenchRequest): autocannon.Request[] {
  return [
    {
      setupRequest: (request) => {
        const { method, path, token, body } = next();
        const headers = {
          authorization: `Bearer ${token}`,
          ...(body && { 'content-type': 'application/json' }),
        };
        return { ...request, method, path, headers, body };
      },
    },
  ];
}

/** Sends `next()` requests to `url` from `connections` connections for `seconds`. */
export async function load(url: string, next: () => BenchRequest, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: sending(next),
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The mean body size of `samples` answers to `next()`; throws on a response other than 2xx. */
export async function meanBodyBytes(url: string, next: () => BenchRequest, samples: number) {
  let total = 0;
  for (let i = 0; i < samples; i++) {
    const { method, path, token, body } = next();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      body: body ?? null,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    total += Buffer.byteLength(text);
  }
  return Math.round(total / samples);
}
