/**
 * Moderators hiding posts, comments and plans (docs/features.md, "Reports and moderation"), zod-free: the
 * banner and the moderator's buttons sit on the pages people see first (docs/testing.md, "Budgets").
 */

/** What a moderator can hide. */
export const HIDEABLE_TARGET_TYPES = ['POST', 'COMMENT', 'LEARNING_PLAN'] as const;
export type HideableTargetType = (typeof HIDEABLE_TARGET_TYPES)[number];

/** The moderation log's entries for hiding and unhiding. */
export const CONTENT_MODERATION_ACTIONS = [
  'POST_HIDDEN',
  'POST_UNHIDDEN',
  'COMMENT_HIDDEN',
  'COMMENT_UNHIDDEN',
  'LEARNING_PLAN_HIDDEN',
  'LEARNING_PLAN_UNHIDDEN',
] as const;
export type ContentModerationAction = (typeof CONTENT_MODERATION_ACTIONS)[number];

export const HIDE_LIMITS = { reasonMax: 500 } as const;

export const HIDE_MESSAGES = {
  reasonRequired: 'Please say why it is hidden: its author will read it.',
  reasonTooLong: `The reason must be at most ${HIDE_LIMITS.reasonMax} characters.`,
  moderatorsOnly: 'Only moderators can hide or unhide content.',
  notHidden: 'It is not hidden.',
  hidden: 'Hidden. Only its author can see it now.',
  unhidden: 'Unhidden. Everyone who could see it sees it again.',
  failed: 'That did not work. Please try again.',
  hide: 'Hide',
  unhide: 'Unhide',
  hiding: 'Hiding…',
  unhiding: 'Unhiding…',
  cancel: 'Cancel',
  reasonLabel: 'Reason (shown to its author)',
  dialogTitle: { POST: 'Hide this post', COMMENT: 'Hide this comment', LEARNING_PLAN: 'Hide this plan' },
  dialogHelp: 'Everyone but its author stops seeing it; its author sees it with your reason.',
  hiddenBadge: 'Hidden',
  bannerTitle: 'Hidden by a moderator',
  bannerOnlyYou: 'Only you can see it.',
} as const satisfies Record<string, string | Record<HideableTargetType, string>>;

/** How the moderation log words each hiding and unhiding. */
export const CONTENT_MODERATION_ACTION_LABELS: Record<ContentModerationAction, string> = {
  POST_HIDDEN: 'hid post',
  POST_UNHIDDEN: 'unhid post',
  COMMENT_HIDDEN: 'hid comment',
  COMMENT_UNHIDDEN: 'unhid comment',
  LEARNING_PLAN_HIDDEN: 'hid learning plan',
  LEARNING_PLAN_UNHIDDEN: 'unhid learning plan',
};

/** Moderators removing a post (with its replies) from a study group's discussion, seen by members only. */
export const GROUP_POST_REMOVAL_MESSAGES = {
  moderatorsOnly: 'Only moderators can remove posts of study groups they are not in.',
  remove: 'Remove the post',
  removing: 'Removing…',
  removed: 'Removed. The post and its replies are gone for everyone.',
  failed: 'That did not work. Please try again.',
} as const;
