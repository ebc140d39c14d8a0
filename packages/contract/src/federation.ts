import { z } from 'zod';
import { REMOTE_ACCOUNT_MAX_LENGTH, REMOTE_FOLLOW_MESSAGES } from './federation-constants.js';
import { remoteAccount } from './remote-posts.js';

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

/** The follow was sent; the other server answers it in its own time (`account.followState`). */
export const remoteFollowResponse = z.object({
  actor: z.string().describe("The followed person's actor id"),
  account: remoteAccount,
});
export type RemoteFollowResponse = z.infer<typeof remoteFollowResponse>;

/** `/api/federation/follows/{id}` and `/api/federation/accounts/{id}`: a remote account's id here. */
export const remoteAccountParams = z.object({
  id: z.coerce
    .number({ error: REMOTE_FOLLOW_MESSAGES.unknownAccount })
    .int({ error: REMOTE_FOLLOW_MESSAGES.unknownAccount })
    .min(1, { error: REMOTE_FOLLOW_MESSAGES.unknownAccount })
    .max(2_147_483_647, { error: REMOTE_FOLLOW_MESSAGES.unknownAccount }),
});
