import { z } from 'zod';
import { bodyId, calendarDate, isoDateTime, page, pageQuery, pathId, text, userRef } from './common.js';
import {
  GROUP_BOARD_SORTS,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  GROUP_PACES,
  GROUP_ROLES,
  SORT_DIRECTIONS,
} from './group-constants.js';
import { TOPIC_STATUSES } from './plan-constants.js';
import { altTextList, postMedia } from './posts.js';

/** Study groups (docs/features.md, "Study groups"): people learning one plan together. */

/** Body of `POST /api/groups`. */
export const groupBody = z.object({
  planId: bodyId(GROUP_MESSAGES.invalidPlanId),
  name: text({ error: GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: GROUP_MESSAGES.nameRequired, abort: true })
    .max(GROUP_LIMITS.nameMaxLength, { error: GROUP_MESSAGES.nameTooLong }),
  description: text()
    .trim()
    .max(GROUP_LIMITS.descriptionMaxLength, { error: GROUP_MESSAGES.descriptionTooLong })
    .default(''),
  isPublic: z.boolean({ error: GROUP_MESSAGES.isPublicInvalid }).default(true),
  /** The day the group starts, 'YYYY-MM-DD' (DATE_LIMITS); with `topicsPerWeek` it sets the pace. */
  startDate: z
    .union([
      z.literal(''),
      calendarDate({ invalid: GROUP_MESSAGES.invalidDate, outOfRange: GROUP_MESSAGES.dateOutOfRange }),
    ])
    .nullish()
    .transform((date) => date || null),
  topicsPerWeek: z
    .number({ error: GROUP_MESSAGES.topicsPerWeekInvalid })
    .int({ error: GROUP_MESSAGES.topicsPerWeekInvalid })
    .min(1, { error: GROUP_MESSAGES.topicsPerWeekInvalid })
    .max(GROUP_LIMITS.maxTopicsPerWeek, { error: GROUP_MESSAGES.topicsPerWeekInvalid })
    .nullish()
    .transform((pace) => pace ?? null),
});
export type GroupBody = z.input<typeof groupBody>;

export const groupParams = z.object({
  id: pathId({ invalid: GROUP_MESSAGES.invalidGroupId, notFound: GROUP_MESSAGES.groupNotFound }),
});

export const groupMemberParams = groupParams.extend({
  userId: pathId({ invalid: GROUP_MESSAGES.invalidUserId, notFound: GROUP_MESSAGES.memberNotFound }),
});

/** `/api/groups/{id}/removals/{userId}`: someone the organisers removed. */
export const groupRemovalParams = groupParams.extend({
  userId: pathId({ invalid: GROUP_MESSAGES.invalidUserId, notFound: GROUP_MESSAGES.removalNotFound }),
});

const inviteToken = text({ error: GROUP_MESSAGES.inviteTokenInvalid }).max(
  GROUP_LIMITS.inviteTokenMaxLength,
  {
    error: GROUP_MESSAGES.inviteTokenInvalid,
  },
);

/** `GET /api/groups/{id}?invite=`: someone opening an invite link sees the group they may join. */
export const groupQuery = z.object({ invite: inviteToken.optional() });

/** Body of `POST /api/groups/{id}/members` (joining): the invite link's token for an invite-only group. */
export const joinBody = z.object({ inviteToken: inviteToken.optional() }).default({});

/** Body of `PUT /api/groups/{id}/members/{userId}/role`: the founder makes someone an organiser or not. */
export const memberRoleBody = z.object({
  role: z.enum(['ORGANISER', 'MEMBER'], { error: GROUP_MESSAGES.roleInvalid }),
});

export const group = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  plan: z.object({ id: z.number().int(), title: z.string() }),
  founder: userRef,
  startDate: z.string().nullable(),
  topicsPerWeek: z.number().int().nullable(),
  memberCount: z.number().int(),
  createdAt: isoDateTime,
  /** The viewer's role, null when they are not a member. */
  viewerRole: z.enum(GROUP_ROLES).nullable(),
  /** The invite link's token: shown to organisers only; null when revoked (or not an organiser). */
  inviteToken: z.string().nullable(),
});
export type Group = z.infer<typeof group>;

/** `GET /api/groups`: the viewer's groups, newest joined first. */
export const groupsQuery = pageQuery();
export const groupPage = page(group);
export type GroupPage = z.infer<typeof groupPage>;

/** `POST /api/groups/{id}/invite`: a new invite link token (the previous one stops working). */
export const groupInvite = z.object({ inviteToken: z.string() });

/** One row of the progress board: a member against every topic of the plan. */
export const boardMember = z.object({
  user: userRef,
  role: z.enum(GROUP_ROLES),
  joinedAt: isoDateTime,
  /** The status of each topic, in the order of `topics`. */
  statuses: z.array(z.enum(TOPIC_STATUSES)),
  completed: z.number().int(),
  /** Topics skipped: neither done nor counted against the pace. */
  skipped: z.number().int(),
  /** Against the group’s pace, counting completed and skipped topics; null without a start date or pace. */
  pace: z.enum(GROUP_PACES).nullable(),
});
export type BoardMember = z.infer<typeof boardMember>;

/** `GET /api/groups/{id}/progress`: the plan's topics and one page of members in the order asked. */
export const groupBoard = z.object({
  topics: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** How many topics the pace expects done by today; null without a pace. */
  expectedCompleted: z.number().int().nullable(),
  members: page(boardMember),
});
export type GroupBoard = z.infer<typeof groupBoard>;
/**
 * `GET /api/groups/{id}/progress?sort&direction`: the board's order, sorted before paging; without
 * `direction`, each sort's own (GROUP_BOARD_SORT_DIRECTIONS).
 */
export const groupBoardQuery = pageQuery().extend({
  sort: z.enum(GROUP_BOARD_SORTS, { error: GROUP_MESSAGES.sortInvalid }).default('role'),
  direction: z.enum(SORT_DIRECTIONS, { error: GROUP_MESSAGES.directionInvalid }).optional(),
});
export type GroupBoardQuery = z.infer<typeof groupBoardQuery>;

/** Someone the organisers removed, who cannot join again until an organiser lets them back. */
export const groupRemoval = z.object({
  user: userRef,
  /** The organiser who removed them; null once that account is gone. */
  removedBy: userRef.nullable(),
  removedAt: isoDateTime,
});
export type GroupRemoval = z.infer<typeof groupRemoval>;

/** `GET /api/groups/{id}/removals`: the people removed, most recently first (organisers only). */
export const groupRemovalPage = page(groupRemoval);
export type GroupRemovalPage = z.infer<typeof groupRemovalPage>;

/**
 * Body of `POST /api/groups/{id}/posts`: Markdown; `replyToId` makes it a reply to a post of the group.
 * With images or videos, the request is multipart: this as the `post` part, the files as `files` parts
 * (as for `POST /api/posts`), `altTexts` describing them in their order.
 */
export const groupPostBody = z.object({
  content: text({ error: GROUP_MESSAGES.postRequired })
    .refine((content) => content.trim().length > 0, { error: GROUP_MESSAGES.postRequired, abort: true })
    .refine((content) => content.length <= GROUP_LIMITS.postMaxLength, { error: GROUP_MESSAGES.postTooLong }),
  replyToId: bodyId(GROUP_MESSAGES.invalidPostId).optional(),
  altTexts: altTextList,
});
export type GroupPostBody = z.input<typeof groupPostBody>;

export const groupPostParams = groupParams.extend({
  postId: pathId({ invalid: GROUP_MESSAGES.invalidPostId, notFound: GROUP_MESSAGES.postNotFound }),
});

/** A reply under a post of the group's discussion. */
export const groupReply = z.object({
  id: z.number().int(),
  author: userRef,
  /** Markdown, as written. */
  content: z.string(),
  /** Its images and videos, in the order sent; members only see them, as the post. */
  media: z.array(postMedia),
  createdAt: isoDateTime,
});
export type GroupReply = z.infer<typeof groupReply>;

/** A post of the group's discussion (seen by its members only), with its replies, oldest first. */
export const groupPost = groupReply.extend({ replies: z.array(groupReply) });
export type GroupPost = z.infer<typeof groupPost>;

/** `GET /api/groups/{id}/posts`: the discussion, newest post first. */
export const groupPostPage = page(groupPost);
export type GroupPostPage = z.infer<typeof groupPostPage>;

/** A line of the group's activity: a member finished a topic of the plan ("Maya finished Closures"). */
export const groupActivity = z.object({
  user: userRef,
  topic: z.object({ id: z.number().int(), title: z.string() }),
  doneAt: isoDateTime,
});
export type GroupActivity = z.infer<typeof groupActivity>;

/** `GET /api/groups/{id}/activity`: the topics members finished, newest first (members only). */
export const groupActivityPage = page(groupActivity);
export type GroupActivityPage = z.infer<typeof groupActivityPage>;
