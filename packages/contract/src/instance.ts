import { z } from 'zod';

/**
 * `GET /api/instance`: what this instance allows before anyone signs in, so the web app knows
 * whether a visitor may read or must be sent to sign in. Fields are only ever added.
 */
export const instanceSettings = z.object({
  /** PUBLIC_READING: visitors without an account may read public posts, plans and profiles. */
  publicReading: z.boolean(),
  /**
   * With FEDERATION=true, the host in people's addresses for other servers (`@handle@host`: PUBLIC_URL's
   * host, with its port if it has one); null when this instance does not federate.
   */
  federationHost: z.string().nullable(),
});
export type InstanceSettings = z.infer<typeof instanceSettings>;
