import { z } from 'zod';

/** 200 only when everything a request may need answers; a load balancer takes the instance out on 503. */
export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('reachable'),
  storage: z.literal('reachable'),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** The 503's message; its `errors` name each part that does not answer (`database`, `storage`). */
export const HEALTH_MESSAGES = {
  unavailable: 'The server cannot serve requests: a part it needs is unreachable.',
  unreachable: 'is unreachable',
} as const;
