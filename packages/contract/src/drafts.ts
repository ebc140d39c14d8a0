import { z } from 'zod';
import { bodyId, isoDateTime, page, pageQuery, pathId, text } from './common.js';
import { CATEGORIES } from './constants.js';
import { DRAFT_LIMITS, DRAFT_MESSAGES } from './draft-constants.js';
import { PLAN_LIMITS, PLAN_MESSAGES } from './plan-constants.js';
import { POST_LIMITS } from './posts.js';
import { TAG_LIMITS, TAG_MESSAGES } from './tag-constants.js';

/**
 * Drafts (docs/features.md, "Drafts"): what an editor holds before publishing, saved as the person types.
 * Lenient: every field may be missing or unfinished (a one-letter title, no category); only sizes are
 * checked here, and the full rules of a post or plan apply when the draft is published. Media are not
 * part of a draft: the editor uploads them when publishing.
 */
const draftTags = z
  .array(text().max(TAG_LIMITS.maxLength + 1, { error: TAG_MESSAGES.invalid }), {
    error: TAG_MESSAGES.notList,
  })
  .max(TAG_LIMITS.perItem, { error: TAG_MESSAGES.tooMany });

export const postDraftFields = z.object({
  title: text()
    .max(POST_LIMITS.titleMax, { error: `Title must be at most ${POST_LIMITS.titleMax} characters` })
    .optional(),
  content: text()
    .max(POST_LIMITS.contentMax, { error: `Content must be at most ${POST_LIMITS.contentMax} characters` })
    .optional(),
  category: z.enum(CATEGORIES, { error: 'Please select a category' }).nullable().optional(),
  learningProgressPercent: z
    .number({ error: 'Learning progress must be a number from 0 to 100' })
    .int({ error: 'Learning progress must be a whole number' })
    .min(0, { error: 'Learning progress must be at least 0' })
    .max(100, { error: 'Learning progress must be at most 100' })
    .nullable()
    .optional(),
  tags: draftTags.optional(),
});
export type PostDraftFields = z.infer<typeof postDraftFields>;

const draftItemText = (max: number) =>
  text()
    .max(max, { error: `A topic or resource text must be at most ${max} characters` })
    .optional();
const draftNumber = z.number({ error: 'Numbers in a draft must be numbers' }).nullable().optional();
/** A topic or resource of the plan being edited keeps its id, so saving it keeps its progress. */
const draftItemId = bodyId().nullable().optional();
const draftResource = z.object({
  id: draftItemId,
  title: draftItemText(PLAN_LIMITS.itemTitleMaxLength),
  orderIndex: draftNumber,
  durationMinutes: draftNumber,
  description: draftItemText(PLAN_LIMITS.itemDescriptionMaxLength),
  url: draftItemText(PLAN_LIMITS.urlMaxLength),
  type: draftItemText(20),
});
const draftTopic = z.object({
  id: draftItemId,
  title: draftItemText(PLAN_LIMITS.itemTitleMaxLength),
  orderIndex: draftNumber,
  description: draftItemText(PLAN_LIMITS.itemDescriptionMaxLength),
  /** The topics it needs first, by their position in the draft's `topics`. */
  prerequisiteTopicIndexes: z
    .array(z.number({ error: 'Numbers in a draft must be numbers' }).int().min(0), {
      error: 'prerequisiteTopicIndexes must be a list',
    })
    .max(PLAN_LIMITS.maxTopics, { error: PLAN_MESSAGES.tooManyTopics })
    .optional(),
  resources: z
    .array(draftResource, { error: 'resources must be a list' })
    .max(PLAN_LIMITS.maxResourcesPerTopic, { error: PLAN_MESSAGES.tooManyResources })
    .optional(),
});

/** A plan being written: its title and description, and its topics as the plan editor holds them. */
export const planDraftFields = z.object({
  title: text().max(PLAN_LIMITS.titleMaxLength, { error: PLAN_MESSAGES.titleTooLong }).optional(),
  description: text()
    .max(PLAN_LIMITS.descriptionMaxLength, { error: PLAN_MESSAGES.descriptionTooLong })
    .optional(),
  category: z.enum(CATEGORIES, { error: 'Please select a category' }).nullable().optional(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
  estimatedDays: draftNumber,
  startDate: draftItemText(10).nullable(),
  targetCompletionDate: draftItemText(10).nullable(),
  tags: draftTags.optional(),
  /** Checked in full only when the draft is published; here only for their number and size. */
  topics: z
    .array(draftTopic, { error: PLAN_MESSAGES.topicsRequired })
    .max(PLAN_LIMITS.maxTopics, { error: PLAN_MESSAGES.tooManyTopics })
    .optional(),
});
export type PlanDraftFields = z.infer<typeof planDraftFields>;

const withinSize = (fields: object) => JSON.stringify(fields).length <= DRAFT_LIMITS.fieldsMaxLength;

export const draftKind = z.enum(['POST', 'PLAN'], { error: 'kind must be POST or PLAN' });
export type DraftKind = z.infer<typeof draftKind>;

/**
 * Body of `POST /api/drafts` and `PUT /api/drafts/{id}` (a draft keeps its kind). A plan draft with
 * `planId` holds changes to that plan of the writer's, not yet saved: one per plan, so a `POST` for a
 * plan that has one replaces its fields.
 */
export const draftInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('POST'),
      fields: postDraftFields.refine(withinSize, { error: DRAFT_MESSAGES.tooLarge }),
    }),
    z.object({
      kind: z.literal('PLAN'),
      planId: bodyId(DRAFT_MESSAGES.invalidPlanId).optional(),
      fields: planDraftFields.refine(withinSize, { error: DRAFT_MESSAGES.tooLarge }),
    }),
  ],
  { error: 'kind must be POST or PLAN' },
);
export type DraftInput = z.infer<typeof draftInput>;

// A category in an answer is plain text: the serializer cannot mark a list of values as possibly null.
const storedCategory = z.string().nullable().optional();

export const draft = z.discriminatedUnion('kind', [
  z.object({
    id: z.number().int(),
    kind: z.literal('POST'),
    fields: postDraftFields.extend({ category: storedCategory }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
  z.object({
    id: z.number().int(),
    kind: z.literal('PLAN'),
    /** The plan whose changes it holds; null for a new plan. */
    planId: z.number().int().nullable(),
    fields: planDraftFields.extend({ category: storedCategory }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
]);
export type Draft = z.infer<typeof draft>;

/** A draft on the Drafts page: its title (empty when it has none yet) and its first words. */
export const listedDraft = z.object({
  id: z.number().int(),
  kind: draftKind,
  /** For changes to an existing plan: that plan; null for a new post or plan. */
  planId: z.number().int().nullable(),
  title: z.string(),
  excerpt: z.string(),
  updatedAt: isoDateTime,
});
export type ListedDraft = z.infer<typeof listedDraft>;

/** Newest change first. */
export const draftPage = page(listedDraft);
export type DraftPage = z.infer<typeof draftPage>;

export const draftsQuery = pageQuery();

export const draftParams = z.object({
  id: pathId({ invalid: DRAFT_MESSAGES.invalidDraftId, notFound: DRAFT_MESSAGES.draftNotFound }),
});

/** `GET /api/drafts/plans/{planId}`: the writer's draft of changes to that plan. */
export const planDraftParams = z.object({
  planId: pathId({ invalid: PLAN_MESSAGES.invalidPlanId, notFound: DRAFT_MESSAGES.draftNotFound }),
});

/** What publishing a draft made: the post or plan's id (`POST /api/drafts/{id}/publish`). */
export const publishedDraft = z.object({ kind: draftKind, id: z.number().int() });
export type PublishedDraft = z.infer<typeof publishedDraft>;
