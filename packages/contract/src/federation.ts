import { z } from 'zod';
import { isoDateTime, pathId } from './common.js';
import { REMOTE_ACCOUNT_MAX_LENGTH, REMOTE_FOLLOW_MESSAGES } from './federation-constants.js';
import { commentInput } from './posts.js';
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

/**
 * Someone on another server who follows a person here (`GET /api/users/{id}/followers/remote`), apart
 * from the followers list so that its items keep their shape.
 */
export const remoteFollower = z.object({
  /** This follow's id here. */
  id: z.number().int(),
  /** `@name@server`. */
  handle: z.string(),
  name: z.string().nullable(),
  /** Their picture, on their server. */
  profilePicture: z.string().nullable(),
  /** Their profile on their own server. */
  url: z.string(),
  /** When they followed. */
  since: isoDateTime,
});
export type RemoteFollower = z.infer<typeof remoteFollower>;

/** `DELETE /api/users/me/followers/remote/{id}`: the `id` of one of the viewer's followers elsewhere. */
export const remoteFollowerParams = z.object({
  id: pathId({
    invalid: REMOTE_FOLLOW_MESSAGES.followerInvalid,
    notFound: REMOTE_FOLLOW_MESSAGES.notYourFollower,
  }),
});

/** `/api/federation/follows/{id}` and `/api/federation/accounts/{id}`: a remote account's id here. */
export const remoteAccountParams = z.object({
  id: z.coerce
    .number({ error: REMOTE_FOLLOW_MESSAGES.unknownAccount })
    .int({ error: REMOTE_FOLLOW_MESSAGES.unknownAccount })
    .min(1, { error: REMOTE_FOLLOW_MESSAGES.unknownAccount })
    .max(2_147_483_647, { error: REMOTE_FOLLOW_MESSAGES.unknownAccount }),
});

/** `/api/federation/posts/{id}/…`: a post from elsewhere (its id in the Following feed). */
export const remotePostParams = z.object({
  id: pathId({ invalid: REMOTE_FOLLOW_MESSAGES.unknownPost, notFound: REMOTE_FOLLOW_MESSAGES.unknownPost }),
});

/** `/api/federation/posts/{id}/replies/{replyId}`: the viewer's reply to a post from elsewhere. */
export const remotePostReplyParams = remotePostParams.extend({
  replyId: pathId({
    invalid: REMOTE_FOLLOW_MESSAGES.unknownReply,
    notFound: REMOTE_FOLLOW_MESSAGES.unknownReply,
  }),
});

/** A reply to a post from elsewhere: written as a comment is. */
export const remotePostReplyInput = commentInput;
export type RemotePostReplyInput = z.infer<typeof remotePostReplyInput>;
