import { z } from 'zod';
import { bodyId, isoDateTime, page, pathId, text, userRef } from './common.js';
import { CATEGORIES } from './constants.js';
import { contentModeration } from './content-moderation.js';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from './media.js';
import { tagList } from './tag-names.js';
import { USER_MESSAGES } from './users.js';

/** Post and comment limits; the content maxima are our own (the first client sets none). */
export const POST_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  contentMax: 10_000,
  progressStep: 5,
  commentMax: 2_000,
  /** How far ahead a post may be scheduled, in days (docs/features.md, "Scheduled posts"). */
  scheduleMaxDays: 30,
  /** A thread shows this many replies under its comment; the rest wait behind a button. */
  repliesShown: 3,
} as const;

/** Messages a person sees when a post, like or comment call is refused. */
export const POST_MESSAGES = {
  invalidPostId: 'Invalid post ID',
  invalidCommentId: 'Invalid comment ID',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  cannotEdit: 'You do not have permission to edit this post',
  cannotDelete: 'You do not have permission to delete this post',
  cannotEditComment: 'You do not have permission to edit this comment',
  cannotDeleteComment: 'You do not have permission to delete this comment',
  invalidParentCommentId: 'parentCommentId must be the id of a comment on this post',
  parentCommentNotOnPost: 'You can only reply to a comment on the same post',
  postPartMissing: 'The "post" part is required: a JSON document with title, content and category.',
  foreignMedia: 'Only media of this post can be removed.',
  coverNotImage: "The cover must be one of the post's images.",
  publishAtInvalid: 'publishAt must be a date and time, like 2030-01-31T09:30:00Z',
  publishAtPast: 'The publication time must be in the future.',
  publishAtTooFar: `A post can be scheduled at most ${POST_LIMITS.scheduleMaxDays} days ahead.`,
  scheduledNotFound: 'Scheduled post not found',
  // Web texts.
  scheduledEmpty: 'No scheduled posts. Choose “Schedule” in the post editor to publish one later.',
  scheduledLoadFailed: 'Could not load your scheduled posts',
  scheduledSaveFailed: 'Could not change the scheduled post. Please try again.',
  scheduledCancelFailed: 'Could not cancel the scheduled post. Please try again.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a scheduled post is to appear: an ISO date and time with its offset, in the future and at most
 * `scheduleMaxDays` ahead. The editor sends the time picked in the writer's time zone as UTC.
 */
export const publishAt = z.iso
  .datetime({ offset: true, error: POST_MESSAGES.publishAtInvalid })
  .refine((value) => Date.parse(value) > Date.now(), { error: POST_MESSAGES.publishAtPast, abort: true })
  .refine((value) => Date.parse(value) <= Date.now() + POST_LIMITS.scheduleMaxDays * DAY_MS, {
    error: POST_MESSAGES.publishAtTooFar,
  });

export const postTitle = text({ error: 'Title is required' })
  .trim()
  .min(1, { error: 'Title is required', abort: true })
  .min(POST_LIMITS.titleMin, { error: `Title must be at least ${POST_LIMITS.titleMin} characters` })
  .max(POST_LIMITS.titleMax, { error: `Title must be at most ${POST_LIMITS.titleMax} characters` });

export const postContent = text({ error: 'Content is required' })
  .trim()
  .min(1, { error: 'Content is required', abort: true })
  .max(POST_LIMITS.contentMax, { error: `Content must be at most ${POST_LIMITS.contentMax} characters` });

export const postCategory = z.enum(CATEGORIES, { error: 'Please select a category' });

export const learningProgressPercent = z
  .number({ error: 'Learning progress must be a number from 0 to 100' })
  .int({ error: 'Learning progress must be a whole number' })
  .min(0, { error: 'Learning progress must be at least 0' })
  .max(100, { error: 'Learning progress must be at most 100' })
  .multipleOf(POST_LIMITS.progressStep, {
    error: `Learning progress goes in steps of ${POST_LIMITS.progressStep}`,
  })
  .nullable();

/** What an image shows, for people who cannot see it; empty for none. */
export const altText = text({ error: 'An image description must be text' })
  .trim()
  .max(MEDIA_LIMITS.altTextMax, { error: MEDIA_MESSAGES.altTextTooLong });

/** One description per `files` part, in their order (fewer is fine: the rest get none). */
export const altTextList = z
  .array(altText, { error: 'altTexts must be a list of texts' })
  .max(MEDIA_LIMITS.maxFilesPerPost, { error: MEDIA_MESSAGES.moreAltTextsThanFiles })
  .default([]);

/** The `post` part of `POST /api/posts` (multipart; media travel as repeated `files` parts). */
export const postInput = z.object({
  title: postTitle,
  content: postContent,
  category: postCategory,
  learningProgressPercent: learningProgressPercent.default(null),
  altTexts: altTextList,
  /** Up to four tags (`typescript`, `#TypeScript` also reads as it); none when left out. */
  tags: tagList.default([]),
  /** Which of the `files` parts (from 0, an image) is the cover; null or left out: the first image. */
  coverFileIndex: z
    .number({ error: 'coverFileIndex must be a whole number' })
    .int({ error: 'coverFileIndex must be a whole number' })
    .min(0, { error: POST_MESSAGES.coverNotImage })
    .max(MEDIA_LIMITS.maxFilesPerPost - 1, { error: POST_MESSAGES.coverNotImage })
    .nullable()
    .default(null),
  /** Publish later, at this time, instead of now (docs/features.md, "Scheduled posts"). */
  publishAt: publishAt.optional(),
});
export type PostInput = z.infer<typeof postInput>;

/** The `post` part of `PUT /api/posts/{id}`: the same fields, plus existing media to remove. */
export const postUpdateInput = postInput.omit({ publishAt: true }).extend({
  /** The post's tags from now on; left out, they stay as they are (clients from before tags). */
  tags: tagList.optional(),
  removeMediaIds: z
    .array(bodyId('Media ids must be whole numbers from 1 to 2147483647'), {
      error: 'removeMediaIds must be a list of media ids',
    })
    .max(MEDIA_LIMITS.maxFilesPerPost, { error: POST_MESSAGES.foreignMedia })
    .default([]),
  /** New descriptions of media the post already has. */
  mediaAltTexts: z
    .array(z.object({ id: bodyId('Media ids must be whole numbers from 1 to 2147483647'), altText }), {
      error: 'mediaAltTexts must be a list of {id, altText}',
    })
    .max(MEDIA_LIMITS.maxFilesPerPost, { error: MEDIA_MESSAGES.altTextOfForeignMedia })
    .default([]),
  /**
   * An image the post keeps as its cover; null: back to the first image; left out: as it was. A
   * `coverFileIndex` (a new file) takes precedence.
   */
  coverMediaId: bodyId('Media ids must be whole numbers from 1 to 2147483647').nullable().optional(),
});
export type PostUpdateInput = z.infer<typeof postUpdateInput>;

export const mediaType = z.enum(['IMAGE', 'VIDEO']);
export type MediaType = z.infer<typeof mediaType>;

/** One image or video of a post; width/height let the page reserve space before the file arrives. */
export const postMedia = z.object({
  id: z.number().int(),
  type: mediaType,
  fileUrl: z.string(),
  /** A WebP at most 640 px on its longest side, for grids; null for videos. */
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Playing time of videos; null for images. */
  durationSeconds: z.number().nullable(),
  /** What the image or video shows, as its author described it; empty when they gave none. */
  altText: z.string(),
});
export type PostMedia = z.infer<typeof postMedia>;

export const post = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  category: postCategory,
  learningProgressPercent: z.number().int().nullable(),
  author: userRef,
  media: z.array(postMedia),
  /** Its tags, stored without `#`, in alphabetical order (docs/features.md, "Tags"). */
  tags: z.array(z.string()),
  /** Likes from people here and from people on other servers (docs/federation.md). */
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** Shares (`Announce`s) from people on other servers (docs/federation.md). */
  sharesCount: z.number().int(),
  isLikedByCurrentUser: z.boolean(),
  /** Whether the viewer saved it (docs/features.md, "Saved items"). */
  isSaved: z.boolean(),
  /** When its title, text or media last changed (docs/features.md, "Edit history"); null if never. */
  editedAt: isoDateTime.nullable(),
  /** Minutes its text takes to read, at least 1 (`READING_TIME`). */
  readingMinutes: z.number().int(),
  /** The image among `media` that stands for the post: the author's choice, else the first; null without. */
  coverMediaId: z.number().int().nullable(),
  /** Whether its author chose the cover (else it is the first image). */
  coverChosen: z.boolean(),
  /** Only on a post a moderator hid, which only its author gets. */
  moderation: contentModeration.optional(),
  /** Only on a scheduled post not published yet, which only its author gets: when it will be. */
  publishAt: isoDateTime.optional(),
});
export type Post = z.infer<typeof post>;

/** One version of a post: its title and text as they were from `createdAt` on. */
export const postVersion = z.object({
  title: z.string(),
  content: z.string(),
  createdAt: isoDateTime,
  /** Whether this edit added or removed media (their files are not kept per version). */
  mediaChanged: z.boolean(),
});
export type PostVersion = z.infer<typeof postVersion>;
/** A post's versions, newest (the current one) first; a post never edited has one, its original. */
export const postVersionPage = page(postVersion);
/** `GET /api/posts/scheduled`: the viewer's posts waiting for their time, soonest first. */
export const scheduledPostPage = page(post);

/** `PATCH /api/posts/scheduled/{id}`: a new time, text or both for a post that has not appeared yet. */
export const scheduledPostChange = z.object({
  publishAt: publishAt.optional(),
  title: postTitle.optional(),
  content: postContent.optional(),
});
export type ScheduledPostChange = z.infer<typeof scheduledPostChange>;

/**
 * `GET /api/posts` and `/api/posts/user/{id}`: a page of posts and, when more may follow, the cursor of
 * the next page (null after the last).
 */
export const postPage = page(post).extend({ nextCursor: z.string().nullable().optional() });

export const likeResponse = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponse>;

export const commentInput = z.object({
  content: text({ error: 'Comment cannot be empty' })
    .trim()
    .min(1, { error: 'Comment cannot be empty', abort: true })
    .max(POST_LIMITS.commentMax, { error: `Comment must be at most ${POST_LIMITS.commentMax} characters` }),
});
export type CommentInput = z.infer<typeof commentInput>;

/**
 * `POST /api/posts/{postId}/comments`: a comment, or with `parentCommentId` a reply. Threads are one
 * level deep: a reply to a reply joins the thread of the comment it is under.
 */
export const newCommentInput = commentInput.extend({
  parentCommentId: bodyId(POST_MESSAGES.invalidParentCommentId).nullable().optional(),
});
export type NewCommentInput = z.infer<typeof newCommentInput>;

export const comment = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  postId: z.number().int(),
  /** The comment its thread is under; null for a comment that is not a reply. */
  parentCommentId: z.number().int().nullable(),
  /**
   * On a deleted comment kept for its replies (`deleted`, its text empty too) the placeholder
   * `DELETED_COMMENT_USER`, never its author. For a reply from another server (`remote`), id 0, their
   * name (else handle) and their picture's address.
   */
  user: userRef,
  /** Only on a reply from another server (ActivityPub): who wrote it there, and their profile page. */
  remote: z
    .object({
      handle: z.string(),
      profileUrl: z.string(),
      /** Their account here (`/api/federation/accounts/{id}`), to block or mute them. */
      accountId: z.number().int(),
    })
    .optional(),
  /** When its text last changed (docs/features.md, "Edit history"); null if never. */
  editedAt: isoDateTime.nullable(),
  /** Deleted by its author or the post's author while it had replies: it stays, without author or text. */
  deleted: z.boolean(),
  likesCount: z.number().int(),
  likedByMe: z.boolean(),
  /** Only on a comment a moderator hid, which only its author gets. */
  moderation: contentModeration.optional(),
});
export type Comment = z.infer<typeof comment>;

/** One version of a comment: its text as it was from `createdAt` on. */
export const commentVersion = z.object({ content: z.string(), createdAt: isoDateTime });
export type CommentVersion = z.infer<typeof commentVersion>;
/** A comment's versions, newest (the current one) first; a comment never edited has one. */
export const commentVersionPage = page(commentVersion);

/**
 * A comment of a post's list with its thread: its first `POST_LIMITS.repliesShown` replies, oldest
 * first, and how many replies the viewer may see in all (`GET /api/comments/{id}/replies` pages them).
 */
export const commentThread = comment.extend({
  replies: z.array(comment),
  replyCount: z.number().int(),
});
export type CommentThread = z.infer<typeof commentThread>;

/** A post's comments: the threads, newest first; `totalElements` counts threads, not their replies. */
export const commentPage = page(commentThread);

/** The replies of a comment, oldest first. */
export const replyPage = page(comment);

export const scheduledPostParams = z.object({
  id: pathId({ invalid: POST_MESSAGES.invalidPostId, notFound: POST_MESSAGES.scheduledNotFound }),
});

export const postIdParams = z.object({
  id: pathId({ invalid: POST_MESSAGES.invalidPostId, notFound: POST_MESSAGES.postNotFound }),
});
export const commentsOfPostParams = z.object({
  postId: pathId({ invalid: POST_MESSAGES.invalidPostId, notFound: POST_MESSAGES.postNotFound }),
});
export const postsOfUserParams = z.object({
  userId: pathId({ invalid: USER_MESSAGES.invalidId, notFound: USER_MESSAGES.notFound }),
});
export const commentIdParams = z.object({
  id: pathId({ invalid: POST_MESSAGES.invalidCommentId, notFound: POST_MESSAGES.commentNotFound }),
});

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the comment threads say (docs/features.md, "Replies and comment likes"). */
export const COMMENT_TEXTS = {
  /** Under the post: the count kept on the post, which counts replies too. */
  count: (count: number) => `${plural(count, 'comment', 'comments')}, replies included`,
  deleted: 'Comment deleted',
  /** On a comment from another server: blocking its author there (`/api/federation/accounts/{id}/block`). */
  block: 'Block',
  blockAuthor: (handle: string) => `Block ${handle}`,
  blockQuestion: (handle: string) => `Block ${handle}?`,
  blockExplained:
    'Their comments, follows and notifications will no longer reach you. A search for their address ' +
    'finds them again to unblock them.',
  blockFailed: 'The block did not go through. Please try again.',
  reply: 'Reply',
  replyTo: (name: string) => `Reply to ${name}`,
  postReply: 'Post Reply',
  replyFailed: 'Failed to add reply. Please try again.',
  /** The folded rest of a thread, after its first `POST_LIMITS.repliesShown` replies. */
  showMoreReplies: (count: number) => `Show ${plural(count, 'more reply', 'more replies')}`,
  repliesOf: (name: string) => `Replies to ${name}`,
  loadingReplies: 'Loading replies...',
  repliesLoadFailed: 'Failed to load the replies.',
  like: (count: number) => `Like comment, ${plural(count, 'like', 'likes')}`,
  likes: (count: number) => plural(count, 'like', 'likes'),
  likeFailed: 'Failed to like the comment. Please try again.',
} as const;
