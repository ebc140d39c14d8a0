import { z } from 'zod';
import { bodyId, calendarDate, page, pathId, text, userRef } from './common.js';
import { CATEGORIES } from './constants.js';
import { contentModeration } from './content-moderation.js';
import {
  PLAN_LIMITS,
  PLAN_MESSAGES,
  RESOURCE_TYPES,
  type ResourceType,
  TOPIC_STATUSES,
} from './plan-constants.js';
import { PLAN_MAP_MESSAGES } from './plan-map-constants.js';
import { tagList } from './tag-names.js';

/** Learning plans, their topics and resources, and the rules a saved plan follows: the schemas. */

const requiredText = (required: string, max: number, tooLong = PLAN_MESSAGES.textTooLong(max)) =>
  text({ error: required }).trim().min(1, { error: required, abort: true }).max(max, { error: tooLong });

/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: PLAN_MESSAGES.textTooLong(max) })
    .nullish()
    .transform((text) => text || null);

/** An optional calendar date 'YYYY-MM-DD' (DATE_LIMITS); blank becomes null. */
const optionalDate = z
  .union([
    z.literal(''),
    calendarDate({ invalid: PLAN_MESSAGES.invalidDate, outOfRange: PLAN_MESSAGES.dateOutOfRange }),
  ])
  .nullish()
  .transform((date) => date || null);

/** Links open in the browser: only http(s), never javascript: or data:. */
const resourceUrlField = z
  .url({ protocol: /^https?$/, error: PLAN_MESSAGES.invalidUrl })
  .max(PLAN_LIMITS.urlMaxLength, { error: PLAN_MESSAGES.textTooLong(PLAN_LIMITS.urlMaxLength) });

/** The fields a person fills in, shared by the API body and the web form (which adds the URL/file choice). */
export const planFields = {
  title: text({ error: PLAN_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: PLAN_MESSAGES.titleRequired, abort: true })
    .min(PLAN_LIMITS.titleMinLength, { error: PLAN_MESSAGES.titleTooShort })
    .max(PLAN_LIMITS.titleMaxLength, { error: PLAN_MESSAGES.titleTooLong }),
  description: requiredText(
    PLAN_MESSAGES.descriptionRequired,
    PLAN_LIMITS.descriptionMaxLength,
    PLAN_MESSAGES.descriptionTooLong,
  ),
  category: z.enum(CATEGORIES, { error: PLAN_MESSAGES.categoryRequired }),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(true),
  estimatedDays: z
    .number({ error: PLAN_MESSAGES.estimatedDaysRequired })
    .positive({ error: PLAN_MESSAGES.daysPositive })
    .int({ error: PLAN_MESSAGES.daysWhole })
    .max(PLAN_LIMITS.maxEstimatedDays, { error: PLAN_MESSAGES.daysTooMany }),
  startDate: optionalDate,
  targetCompletionDate: optionalDate,
};

export const topicFields = {
  title: requiredText(PLAN_MESSAGES.topicTitleRequired, PLAN_LIMITS.itemTitleMaxLength),
  description: optionalText(PLAN_LIMITS.itemDescriptionMaxLength),
};

export const resourceFields = {
  title: requiredText(PLAN_MESSAGES.resourceTitleRequired, PLAN_LIMITS.itemTitleMaxLength),
  type: z.enum(RESOURCE_TYPES, { error: PLAN_MESSAGES.resourceTypeRequired }),
  description: optionalText(PLAN_LIMITS.itemDescriptionMaxLength),
  durationMinutes: z
    .number({ error: PLAN_MESSAGES.durationInvalid })
    .int({ error: PLAN_MESSAGES.durationInvalid })
    .positive({ error: PLAN_MESSAGES.durationInvalid })
    .max(PLAN_LIMITS.maxDurationMinutes, { error: PLAN_MESSAGES.durationInvalid })
    .nullish()
    .transform((minutes) => minutes ?? null),
};

/** The target must be after the start (both optional). */
export function checkPlanDates(
  plan: { startDate?: string | null; targetCompletionDate?: string | null },
  context: z.RefinementCtx,
) {
  if (plan.startDate && plan.targetCompletionDate && plan.targetCompletionDate <= plan.startDate) {
    context.addIssue({
      code: 'custom',
      path: ['targetCompletionDate'],
      message: PLAN_MESSAGES.targetAfterStart,
    });
  }
}

const itemId = bodyId().nullish();
const orderIndex = z.number().int().min(0).nullish();

/** What is wrong with a resource link, or null when nothing is. */
export function resourceUrlProblem(url: string): string | null {
  const result = resourceUrlField.safeParse(url);
  return result.success ? null : result.error.issues[0]!.message;
}

/**
 * A resource needs a link, except a PDF, which may instead get an uploaded file
 * (`POST …/resources/upload` with its id); a PDF resource sent without `url` keeps its uploaded file.
 */
function checkResourceUrl(resource: { type: ResourceType; url: string | null }, context: z.RefinementCtx) {
  const problem = resource.url
    ? resourceUrlProblem(resource.url)
    : resource.type === 'PDF'
      ? null
      : PLAN_MESSAGES.resourceUrlRequired;
  if (problem) context.addIssue({ code: 'custom', path: ['url'], message: problem });
}

const resourceObject = z.object({
  ...resourceFields,
  url: text()
    .trim()
    .nullish()
    .transform((url) => url || null),
});

/** Body of `POST …/topics/{topicId}/resources`: the resource goes after the topic's last one. */
export const newResourceBody = resourceObject.superRefine(checkResourceUrl);
export type NewResourceBody = z.input<typeof newResourceBody>;
export type NewResource = z.output<typeof newResourceBody>;

/**
 * A resource of a plan body: with the id of one of the topic's resources it updates it, else it is new.
 * One sent with its id and an empty url keeps its stored link (the spec's client re-sends existing
 * resources that way); the server checks that it has one.
 */
export const resourceInput = resourceObject
  .extend({ id: itemId, orderIndex })
  .superRefine((resource, context) => {
    if (resource.id == null || resource.url) checkResourceUrl(resource, context);
  });
export type ResourceInput = z.infer<typeof resourceInput>;

/**
 * A topic's prerequisites in a plan body: `prerequisiteTopicIds` names topics the plan already has (by id,
 * kept in the same body), `prerequisiteTopicIndexes` topics of the same body by their position in its
 * `topics` array (0-based; the way to name a topic sent without an id). A kept topic sent without either
 * keeps its prerequisites (clients that know nothing of them do not wipe them).
 */
const prerequisiteRefs = z
  .array(z.number().int().min(0))
  .max(PLAN_LIMITS.maxTopics - 1, { error: PLAN_MAP_MESSAGES.tooManyPrerequisites })
  .optional();

export const topicInput = z.object({
  id: itemId,
  ...topicFields,
  orderIndex,
  prerequisiteTopicIds: prerequisiteRefs,
  prerequisiteTopicIndexes: prerequisiteRefs,
  resources: z
    .array(resourceInput)
    .max(PLAN_LIMITS.maxResourcesPerTopic, { error: PLAN_MESSAGES.tooManyResources })
    .default([]),
});
export type TopicInput = z.infer<typeof topicInput>;

/** Body of POST and PUT /api/learning-plans: PUT applies it whole (topics and resources matched by id). */
export const planBody = z
  .object({
    ...planFields,
    topics: z
      .array(topicInput, { error: PLAN_MESSAGES.topicsRequired })
      .min(1, { error: PLAN_MESSAGES.topicsRequired })
      .max(PLAN_LIMITS.maxTopics, { error: PLAN_MESSAGES.tooManyTopics }),
    /** Up to four tags; left out, a new plan has none and an edited one keeps its own. */
    tags: tagList.optional(),
  })
  .superRefine(checkPlanDates);
export type PlanBody = z.input<typeof planBody>;
export type ParsedPlanBody = z.output<typeof planBody>;

export const planResource = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A link, or the absolute URL serving the uploaded PDF; '' for a PDF awaiting its file. */
  url: z.string(),
  type: z.enum(RESOURCE_TYPES),
  /** '' when there is none: text in answers is never null (wire contract decision 15). */
  description: z.string(),
  orderIndex: z.number().int(),
  /** Whether the viewer has completed it. */
  isCompleted: z.boolean(),
  durationMinutes: z.number().int().nullable(),
});
export type PlanResource = z.infer<typeof planResource>;

export const planTopic = z.object({
  id: z.number().int(),
  title: z.string(),
  /** '' when there is none. */
  description: z.string(),
  orderIndex: z.number().int(),
  /** The viewer's own status. */
  completionStatus: z.enum(TOPIC_STATUSES),
  /** Ids of the topics of the same plan to learn first, in the plan's order (docs/api.md). */
  prerequisiteTopicIds: z.array(z.number().int()),
  resources: z.array(planResource),
});
export type PlanTopic = z.infer<typeof planTopic>;

/**
 * Where a copy made with "Use as template" came from (docs/features.md, "Plan templates"): the original as
 * the viewer may see it now; `plan` is null when it was deleted (`deleted`) or is no longer visible to them.
 */
export const planOrigin = z.object({
  plan: z.object({ id: z.number().int(), title: z.string(), creator: userRef }).nullable(),
  deleted: z.boolean(),
});
export type PlanOrigin = z.infer<typeof planOrigin>;

export const learningPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  isPublic: z.boolean(),
  estimatedDays: z.number().int(),
  startDate: z.string().nullable(),
  targetCompletionDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The viewer's: 100 × completed topics ÷ topics not skipped, to one decimal; 0 without such topics.
   */
  completionPercentage: z.number(),
  completedTopics: z.number().int(),
  /** Topics the viewer skipped: left out of `completionPercentage`. */
  skippedTopics: z.number().int(),
  creator: userRef,
  topics: z.array(planTopic),
  /** Its tags, stored without `#`, in alphabetical order (docs/features.md, "Tags"). */
  tags: z.array(z.string()),
  /** Whether the viewer saved it (docs/features.md, "Saved items"). */
  isSaved: z.boolean(),
  /** The plan it was copied from with "Use as template"; null for a plan made from scratch. */
  basedOn: planOrigin.nullable(),
  /** How many plans are copies of this one now (docs/features.md, "Plan templates"). */
  templateUseCount: z.number().int(),
  /** Only on a plan a moderator hid, which only its creator gets. */
  moderation: contentModeration.optional(),
});
export type LearningPlan = z.infer<typeof learningPlan>;

export const learningPlanPage = page(learningPlan);

/**
 * A plan as its card shows it (Explore's sections): the plan's fields and the viewer's progress with only
 * its topics' titles; the topics' descriptions and resources are the plan page's (`learningPlan`).
 */
export const learningPlanCard = learningPlan.omit({ topics: true }).extend({
  topics: z.array(planTopic.pick({ id: true, title: true })),
});
export type LearningPlanCard = z.infer<typeof learningPlanCard>;

export const planParams = z.object({
  planId: pathId({ invalid: PLAN_MESSAGES.invalidPlanId, notFound: PLAN_MESSAGES.planNotFound }),
});
export const topicParams = planParams.extend({
  topicId: pathId({ invalid: PLAN_MESSAGES.invalidTopicId, notFound: PLAN_MESSAGES.topicNotFound }),
});
export const resourceParams = topicParams.extend({
  resourceId: pathId({ invalid: PLAN_MESSAGES.invalidResourceId, notFound: PLAN_MESSAGES.resourceNotFound }),
});
export const planUserParams = z.object({
  userId: pathId({ invalid: PLAN_MESSAGES.invalidUserId, notFound: PLAN_MESSAGES.userNotFound }),
});

export const topicProgressQuery = z.object({
  status: z.enum(TOPIC_STATUSES, { error: PLAN_MESSAGES.invalidStatus }),
});
export const resourceProgressQuery = z.object({
  isCompleted: z
    .enum(['true', 'false'], { error: PLAN_MESSAGES.invalidCompleted })
    .transform((flag) => flag === 'true'),
});

/** The form fields of `POST …/resources/upload`, next to the PDF part `file`. */
export const planFileFields = z.object({
  resourceId: z
    .string({ error: PLAN_MESSAGES.resourceIdRequired })
    .pipe(pathId({ invalid: PLAN_MESSAGES.invalidResourceId, notFound: PLAN_MESSAGES.resourceNotFound })),
});

export const planFileUpload = z.object({ fileUrl: z.string() });
export type PlanFileUpload = z.infer<typeof planFileUpload>;
