/**
 * Learning plans: the limits, texts and helpers that need no zod. Kept apart from the
 * schemas in plans.ts because the web app bundles by module: a page showing a plan message must not
 * download zod with it (scripts/check-budgets.mjs checks the home page's share).
 */
import { DATE_LIMITS } from './constants.js';

export const RESOURCE_TYPES = ['ARTICLE', 'VIDEO', 'COURSE', 'BOOK', 'PDF', 'OTHER'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * A viewer's status of a topic. SKIPPED (added after the first three, so older clients keep their values)
 * leaves the topic out of the completion percentage: done topics over topics not skipped.
 */
export const TOPIC_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'SKIPPED'] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

export const PLAN_LIMITS = {
  titleMinLength: 3,
  titleMaxLength: 100,
  descriptionMaxLength: 5000,
  itemTitleMaxLength: 200,
  itemDescriptionMaxLength: 2000,
  urlMaxLength: 2048,
  maxTopics: 100,
  maxResourcesPerTopic: 50,
  defaultEstimatedDays: 30,
  maxEstimatedDays: 3650,
  maxDurationMinutes: 100_000,
} as const;

/** Every text a person may read about plans, one place for server and web. */
export const PLAN_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooShort: `Title must be at least ${PLAN_LIMITS.titleMinLength} characters`,
  titleTooLong: `Title must be at most ${PLAN_LIMITS.titleMaxLength} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${PLAN_LIMITS.descriptionMaxLength} characters`,
  categoryRequired: 'Please select a category',
  estimatedDaysRequired: 'Estimated days is required',
  daysPositive: 'Days must be positive',
  daysWhole: 'Days must be a whole number',
  daysTooMany: `Days must be at most ${PLAN_LIMITS.maxEstimatedDays}`,
  invalidDate: 'Enter a valid date',
  dateOutOfRange: `Enter a date in the years ${DATE_LIMITS.minYear} to ${DATE_LIMITS.maxYear}`,
  targetAfterStart: 'Target completion date must be after start date',
  topicsRequired: 'At least one topic is required',
  tooManyTopics: `A learning plan can have at most ${PLAN_LIMITS.maxTopics} topics`,
  topicTitleRequired: 'Topic title is required',
  resourceTitleRequired: 'Resource title is required',
  resourceTypeRequired: 'Resource type is required',
  resourceUrlRequired: 'Resource URL is required',
  invalidUrl: 'Must be a valid URL',
  tooManyResources: `A topic can have at most ${PLAN_LIMITS.maxResourcesPerTopic} resources`,
  durationInvalid: 'Estimated minutes must be a positive whole number',
  textTooLong: (max: number) => `Must be at most ${max} characters`,
  pdfRequired: 'Please choose a PDF file',
  resourceIdRequired: 'resourceId is required',
  invalidPlanId: 'Invalid learning plan ID',
  invalidTopicId: 'Invalid topic ID',
  invalidResourceId: 'Invalid resource ID',
  invalidUserId: 'Invalid user ID',
  invalidStatus: 'status must be NOT_STARTED, IN_PROGRESS, COMPLETED or SKIPPED',
  invalidCompleted: 'isCompleted must be true or false',
  planNotFound: 'Learning plan not found',
  topicNotFound: 'Topic not found in this learning plan',
  resourceNotFound: 'Resource not found in this topic',
  userNotFound: 'User not found',
  cannotEdit: "You don't have permission to edit this learning plan",
  cannotDelete: "You don't have permission to delete this learning plan",
  foreignTopic: (id: number) => `Topic ${id} does not belong to this learning plan`,
  foreignResource: (id: number) => `Resource ${id} does not belong to this topic`,
  duplicateId: (id: number) => `Id ${id} appears more than once`,
  // Web texts.
  loadFeedFailed: 'Failed to load learning plans. Please try again later.',
  loadListFailed: 'Failed to load learning plans',
  deleteFailed: 'Failed to delete learning plan',
  deleted: 'Learning plan deleted successfully',
  confirmDelete: 'Are you sure you want to delete this learning plan? This action cannot be undone.',
  loadPlanFailed:
    'Failed to load learning plan. It may have been deleted or you may not have permission to view it.',
  topicStatusFailed: 'Failed to update topic status. Please try again.',
  resourceStatusFailed: 'Failed to update resource status. Please try again.',
  saveFailed: 'Failed to create/update learning plan',
  // Plan templates (docs/features.md, "Plan templates").
  copyFailed: 'Could not copy this learning plan. Please try again.',
  basedOnDeleted: 'Based on a deleted plan',
  basedOnHidden: 'Based on a plan that is no longer public',
} as const;

/** ", 1 skipped" after a count of topics, saying what the percentage leaves out; '' without any skipped. */
export const skippedText = (skipped: number) => (skipped > 0 ? `, ${skipped} skipped` : '');

/** Uploaded plan PDFs are stored under this prefix and served at `/api/media/plans/<uuid>.pdf`. */
export const PLAN_FILE_PREFIX = 'plans';

/**
 * Whether a resource's `url` is the file uploaded for it rather than a link (the edit form shows the choice).
 */
export const isUploadedPlanFile = (url: string | null): boolean =>
  url !== null && new RegExp(`/api/media/${PLAN_FILE_PREFIX}/[^/]+\\.pdf$`).test(url);
