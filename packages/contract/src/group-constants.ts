/**
 * Study groups on a shared plan (docs/features.md, "Study groups"): limits and texts, zod-free for the
 * pages that show them.
 */
import { DATE_LIMITS } from './constants.js';

export const GROUP_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 2_000,
  maxTopicsPerWeek: 50,
  inviteTokenMaxLength: 64,
  postMaxLength: 5_000,
  /** Weekly check-ins claimed and written per statement. */
  checkInBatch: 500,
  /** Lines of the group page's "Finished" activity per page. */
  activityPageSize: 20,
} as const;

/** FOUNDER: who started it (one, an organiser too); ORGANISER: may manage members and the invite link. */
export const GROUP_ROLES = ['FOUNDER', 'ORGANISER', 'MEMBER'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** Where a member stands against the group's pace; null on the board when the group has no pace. */
export const GROUP_PACES = ['AHEAD', 'ON_TRACK', 'BEHIND'] as const;
export type GroupPace = (typeof GROUP_PACES)[number];

/**
 * The orders of the progress board (`GET /api/groups/{id}/progress?sort=`): `role` (founder, organisers,
 * then members by joining) unless asked; `progress` by the topics passed (done or skipped, what the pace
 * counts), then done.
 */
export const GROUP_BOARD_SORTS = ['role', 'name', 'progress', 'joined'] as const;
export type GroupBoardSort = (typeof GROUP_BOARD_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Each order's direction when none is asked for: the furthest along first, otherwise A to Z or oldest. */
export const GROUP_BOARD_SORT_DIRECTIONS: Record<GroupBoardSort, SortDirection> = {
  role: 'asc',
  name: 'asc',
  progress: 'desc',
  joined: 'asc',
};

export const GROUP_MESSAGES = {
  nameRequired: 'Give the group a name',
  nameTooLong: `A group name must be at most ${GROUP_LIMITS.nameMaxLength} characters`,
  descriptionTooLong: `A group description must be at most ${GROUP_LIMITS.descriptionMaxLength} characters`,
  planRequired: 'Choose the learning plan the group follows',
  invalidPlanId: 'Invalid plan ID',
  invalidDate: 'startDate must be a date (YYYY-MM-DD)',
  dateOutOfRange: `startDate must be in the years ${DATE_LIMITS.minYear} to ${DATE_LIMITS.maxYear}`,
  sortInvalid: `sort must be one of ${GROUP_BOARD_SORTS.join(', ')}`,
  directionInvalid: `direction must be one of ${SORT_DIRECTIONS.join(', ')}`,
  topicsPerWeekInvalid: `topicsPerWeek must be a whole number from 1 to ${GROUP_LIMITS.maxTopicsPerWeek}`,
  isPublicInvalid: 'isPublic must be true or false',
  inviteTokenInvalid: 'This invite link is not valid',
  invalidGroupId: 'Invalid group ID',
  invalidUserId: 'Invalid user ID',
  roleInvalid: 'role must be ORGANISER or MEMBER',
  groupNotFound: 'Group not found',
  memberNotFound: 'This person is not a member of the group',
  organisersOnly: 'Only the group’s organisers can do this',
  founderOnly: 'Only the group’s founder can change who organises it',
  founderCannotLeave: 'The founder cannot leave or be removed from their group',
  founderRoleFixed: 'The founder is always an organiser of their group',
  notAMember: 'You are not a member of this group',
  postRequired: 'Write something before posting',
  postPartMissing: 'The "post" part is required: a JSON document with the post\'s content.',
  postTooLong: `A post in a group must be at most ${GROUP_LIMITS.postMaxLength} characters`,
  invalidPostId: 'Invalid post ID',
  postNotFound: 'Post not found in this group',
  notYourPost: 'Only its author or an organiser can delete this post',
  removed: 'You were removed from this group by its organisers.',
  removalNotFound: 'This person was not removed from the group',
  // Web texts.
  discussionFailed: 'Could not load the discussion',
  postFailed: 'Could not post. Please try again.',
  noPosts: 'Nothing posted yet: start the conversation.',
  activityFailed: 'Could not load the group’s activity',
  noActivity: 'No one has finished a topic yet.',
  userGroupsFailed: 'Could not load this person’s groups',
  noUserGroups: 'No groups yet',
  loadFailed: 'Could not load this group',
  listFailed: 'Could not load your groups',
  createFailed: 'Could not start the group. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  noGroups: 'You are in no study group yet. Open a learning plan and use “Start a group”.',
  noMembers: 'No members to show.',
  inviteRevoked: 'There is no invite link: make one to invite people.',
  removalsFailed: 'Could not load the people removed from the group',
  removedHint: 'They cannot join again until an organiser lets them back in.',
} as const;
