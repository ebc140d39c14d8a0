import {
  checkPlanDates,
  isUploadedPlanFile,
  type LearningPlan,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  type PlanBody,
  type PlanResource,
  planFields,
  resourceFields,
  resourceUrlProblem,
  tagList,
  topicFields,
} from '@pathwise/contract';
import { z } from 'zod';

/** In the form only, a resource is either a link ('url') or an uploaded PDF ('file'). */
export type ResourceSource = 'url' | 'file';

const PDF_MIME = 'application/pdf';

/** The link or file a resource needs, depending on its source. */
function sourceProblem(source: {
  kind: ResourceSource;
  url: string;
  file: File | null;
  hasFile: boolean;
}): { field: 'url' | 'file'; message: string } | null {
  if (source.kind === 'url') {
    const url = source.url.trim();
    const message = url ? resourceUrlProblem(url) : PLAN_MESSAGES.resourceUrlRequired;
    return message ? { field: 'url', message } : null;
  }
  if (!source.file) return source.hasFile ? null : { field: 'file', message: PLAN_MESSAGES.pdfRequired };
  if (source.file.type !== PDF_MIME) return { field: 'file', message: MEDIA_MESSAGES.pdfOnly };
  if (source.file.size >= MEDIA_LIMITS.maxPdfBytes)
    return { field: 'file', message: MEDIA_MESSAGES.tooLarge };
  return null;
}

// Cross-field rules sit on small nested objects: zod skips an object's refinements while any of its
// own fields is invalid, and the form must show every message at once.
const resourceSource = z
  .object({
    kind: z.enum(['url', 'file']),
    url: z.string(),
    /** A PDF chosen to upload. */
    file: z.instanceof(File).nullable(),
    /** Whether the resource already has an uploaded PDF (edit mode). */
    hasFile: z.boolean(),
  })
  .superRefine((source, context) => {
    const problem = sourceProblem(source);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

const resourceForm = z.object({
  savedId: z.number().nullable(),
  ...resourceFields,
  source: resourceSource,
});

const topicForm = z.object({
  savedId: z.number().nullable(),
  /** Names the topic among the form's while it is moved around (the saved id, or one made for it). */
  key: z.string(),
  /** The keys of the topics it needs first. */
  prerequisites: z.array(z.string()),
  ...topicFields,
  resources: z
    .array(resourceForm)
    .max(PLAN_LIMITS.maxResourcesPerTopic, { error: PLAN_MESSAGES.tooManyResources }),
});

/** The create/edit form: the API body's rules plus the url/file choice. */
export const planFormSchema = z.object({
  title: planFields.title,
  description: planFields.description,
  category: planFields.category,
  estimatedDays: planFields.estimatedDays,
  isPublic: planFields.isPublic,
  tags: tagList,
  schedule: z
    .object({ startDate: planFields.startDate, targetCompletionDate: planFields.targetCompletionDate })
    .superRefine(checkPlanDates),
  topics: z
    .array(topicForm)
    .min(1, { error: PLAN_MESSAGES.topicsRequired })
    .max(PLAN_LIMITS.maxTopics, { error: PLAN_MESSAGES.tooManyTopics }),
});

export type PlanFormValues = z.input<typeof planFormSchema>;
export type PlanFormOutput = z.output<typeof planFormSchema>;
export type ResourceFormValues = PlanFormValues['topics'][number]['resources'][number];
export type TopicFormValues = PlanFormValues['topics'][number];

export const emptyResource = (): ResourceFormValues => ({
  savedId: null,
  title: '',
  // Chosen by the person; the select starts on its placeholder.
  type: '' as ResourceFormValues['type'],
  source: { kind: 'url', url: '', file: null, hasFile: false },
  description: '',
  durationMinutes: null,
});

let newTopics = 0;

export const emptyTopic = (): TopicFormValues => ({
  savedId: null,
  key: `new-${++newTopics}`,
  prerequisites: [],
  title: '',
  description: '',
  resources: [],
});

/** The defaults: 30 days, public, one topic to start with. */
export const emptyPlan = (): PlanFormValues => ({
  title: '',
  description: '',
  category: '' as PlanFormValues['category'],
  estimatedDays: PLAN_LIMITS.defaultEstimatedDays,
  isPublic: true,
  tags: [],
  schedule: { startDate: '', targetCompletionDate: '' },
  topics: [emptyTopic()],
});

/** How the form shows a saved resource's link or file: an uploaded PDF (or one awaited) is a 'file'. */
export function sourceOf(resource: PlanResource): ResourceFormValues['source'] {
  const isFile = resource.type === 'PDF' && (resource.url === '' || isUploadedPlanFile(resource.url));
  return isFile
    ? { kind: 'file', url: '', file: null, hasFile: resource.url !== '' }
    : { kind: 'url', url: resource.url, file: null, hasFile: false };
}

export const savedKey = (id: number) => `saved-${id}`;

/** A saved plan as the form edits it. */
export function toFormValues(plan: LearningPlan): PlanFormValues {
  return {
    title: plan.title,
    description: plan.description,
    category: plan.category,
    estimatedDays: plan.estimatedDays,
    isPublic: plan.isPublic,
    tags: plan.tags,
    schedule: { startDate: plan.startDate ?? '', targetCompletionDate: plan.targetCompletionDate ?? '' },
    topics: plan.topics.map((topic) => ({
      savedId: topic.id,
      key: savedKey(topic.id),
      prerequisites: topic.prerequisiteTopicIds.map(savedKey),
      title: topic.title,
      description: topic.description,
      resources: topic.resources.map((resource) => ({
        savedId: resource.id,
        title: resource.title,
        type: resource.type,
        source: sourceOf(resource),
        description: resource.description,
        durationMinutes: resource.durationMinutes,
      })),
    })),
  };
}

/**
 * The API body: order from the form's order; a file resource is a PDF without a link; prerequisites by
 * their position in the body (they may be new), those of removed topics left out.
 */
export function toPlanBody({ topics, schedule, ...plan }: PlanFormOutput): PlanBody {
  const positions = new Map(topics.map((topic, position) => [topic.key, position]));
  return {
    ...plan,
    ...schedule,
    topics: topics.map((topic, topicIndex) => ({
      id: topic.savedId,
      title: topic.title,
      description: topic.description,
      orderIndex: topicIndex,
      prerequisiteTopicIndexes: topic.prerequisites.flatMap((key) => positions.get(key) ?? []),
      resources: topic.resources.map(({ savedId, source, ...resource }, orderIndex) => ({
        ...resource,
        id: savedId,
        type: source.kind === 'file' ? 'PDF' : resource.type,
        url: source.kind === 'url' ? source.url.trim() : null,
        orderIndex,
      })),
    })),
  };
}
