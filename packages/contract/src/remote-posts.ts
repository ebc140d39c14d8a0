import { z } from 'zod';
import { isoDateTime } from './common.js';

/** Whether the viewer follows a person on another server: their server answers in its own time. */
export const REMOTE_FOLLOW_STATES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type RemoteFollowState = (typeof REMOTE_FOLLOW_STATES)[number];

/**
 * A person on another server (FEDERATION=true), as their server describes them. `id` is their id here,
 * a number of its own: never a user's id (`/api/federation/accounts/{id}`).
 */
export const remoteAccount = z.object({
  id: z.number().int(),
  /** `@name@server`. */
  handle: z.string(),
  name: z.string().nullable(),
  /** Plain text, as their server gave it to a search; '' when there is none or it is not a search. */
  bio: z.string(),
  profilePicture: z.string().nullable(),
  /** Their profile on their own server. */
  url: z.string(),
  /** null when the viewer does not follow them. */
  followState: z.enum(REMOTE_FOLLOW_STATES).nullable(),
  /** Whether the viewer blocked them: their comments, follows and notifications stop reaching the viewer. */
  isBlocked: z.boolean(),
  /** Whether the viewer muted them: their notifications and posts in Following stop. */
  isMuted: z.boolean(),
});
export type RemoteAccount = z.infer<typeof remoteAccount>;

/** The viewer's own reply to a post from elsewhere (`POST /api/federation/posts/{id}/replies`). */
export const remotePostReply = z.object({
  id: z.number().int(),
  /** Markdown, as a comment's. */
  content: z.string(),
  createdAt: isoDateTime,
  /** When the viewer last edited it (sent as an Update); null if never. */
  editedAt: isoDateTime.nullable(),
});
export type RemotePostReply = z.infer<typeof remotePostReply>;

/**
 * A post of someone on another server: its content is HTML sanitised by the server. The viewer may like
 * it and reply to it (sent to its author's server); the rest of its replies and likes live there.
 */
export const remotePost = z.object({
  id: z.number().int(),
  author: remoteAccount.omit({ bio: true, followState: true, isBlocked: true, isMuted: true }),
  /** An Article's title; null for a Note. */
  title: z.string().nullable(),
  /** The content warning, plain text. */
  summary: z.string().nullable(),
  /** Sanitised HTML: paragraphs, links, emphasis, lists, code and quotes only. */
  contentHtml: z.string(),
  /** The original on their server. */
  url: z.string(),
  attachments: z.array(
    z.object({ url: z.string(), mediaType: z.string().nullable(), name: z.string().nullable() }),
  ),
  publishedAt: isoDateTime,
  updatedAt: isoDateTime.nullable(),
  /** Whether the viewer liked it from here. */
  likedByMe: z.boolean(),
  /** Its likes from people here (its server counts the rest). */
  likesCount: z.number().int(),
  /** The viewer's replies to it, oldest first. */
  myReplies: z.array(remotePostReply),
});
export type RemotePost = z.infer<typeof remotePost>;

/** What is kept of a post from another server: longer content is not stored, more attachments dropped. */
export const REMOTE_POST_LIMITS = { contentMaxLength: 100_000, attachments: 8 } as const;

/** How long finding an account on another server may take before the search answers without it. */
export const REMOTE_LOOKUP_TIMEOUT_MS = 5_000;
