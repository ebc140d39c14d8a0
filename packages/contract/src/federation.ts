import { z } from 'zod';
import { REMOTE_ACCOUNT_MAX_LENGTH, REMOTE_FOLLOW_MESSAGES } from './federation-constants.js';

/** Follow someone on another server (FEDERATION=true): their `@name@server`, or their profile's address. */
export const remoteFollowInput = z.object({
  account: z
    .string({ error: REMOTE_FOLLOW_MESSAGES.accountInvalid })
    .trim()
    .min(3, { error: REMOTE_FOLLOW_MESSAGES.accountInvalid })
    .max(REMOTE_ACCOUNT_MAX_LENGTH, { error: REMOTE_FOLLOW_MESSAGES.accountInvalid })
    .regex(/^(@?[^@\s]+@[^@\s]+|https?:\/\/\S+)$/, { error: REMOTE_FOLLOW_MESSAGES.accountInvalid }),
});
export type RemoteFollowInput = z.infer<typeof remoteFollowInput>;

/** The follow was sent; the other server answers it in its own time. */
export const remoteFollowResponse = z.object({
  actor: z.string().describe("The followed person's actor id"),
});
export type RemoteFollowResponse = z.infer<typeof remoteFollowResponse>;
