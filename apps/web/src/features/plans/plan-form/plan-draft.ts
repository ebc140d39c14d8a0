import type { LearningPlan, PlanDraftFields } from '@pathwise/contract';
import {
  emptyPlan,
  emptyResource,
  emptyTopic,
  type PlanFormValues,
  savedKey,
  sourceOf,
} from './plan-form-schema';

/** A number field left empty reads as NaN; a draft keeps it as none. */
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * What the plan form holds, as a draft keeps it (docs/features.md, "Drafts"): unfinished fields as they
 * are, a chosen PDF left out (files go up when the plan is saved), the saved ids of an existing plan's
 * topics and resources, and prerequisites by position.
 */
export function planDraftFieldsOf(values: Partial<PlanFormValues>): PlanDraftFields {
  const positions = new Map((values.topics ?? []).map((topic, position) => [topic?.key, position]));
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    category: values.category || null,
    isPublic: values.isPublic ?? true,
    estimatedDays: numberOrNull(values.estimatedDays),
    startDate: values.schedule?.startDate || null,
    targetCompletionDate: values.schedule?.targetCompletionDate || null,
    tags: (values.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
    topics: (values.topics ?? []).map((topic, topicIndex) => ({
      id: topic?.savedId ?? null,
      title: topic?.title ?? '',
      description: topic?.description ?? '',
      orderIndex: topicIndex,
      prerequisiteTopicIndexes: (topic?.prerequisites ?? []).flatMap((key) => positions.get(key) ?? []),
      resources: (topic?.resources ?? []).map((resource, orderIndex) => ({
        id: resource?.savedId ?? null,
        title: resource?.title ?? '',
        type: resource?.source?.kind === 'file' ? 'PDF' : (resource?.type ?? ''),
        url: resource?.source?.kind === 'url' ? (resource.source.url ?? '') : '',
        description: resource?.description ?? '',
        durationMinutes: numberOrNull(resource?.durationMinutes),
        orderIndex,
      })),
    })),
  };
}

/**
 * A saved draft as the plan form edits it; what the draft lacks keeps the new plan's defaults. Changes to
 * an existing `plan` keep the ids of the topics and resources it still has (so saving keeps their
 * progress), and a PDF it holds stays its file.
 */
export function planFormValuesOf(fields: PlanDraftFields, plan?: LearningPlan): PlanFormValues {
  const empty = emptyPlan();
  const savedTopics = new Map(plan?.topics.map((topic) => [topic.id, topic]));
  const topics = (fields.topics ?? []).map((topic) => {
    const saved = topic.id != null ? savedTopics.get(topic.id) : undefined;
    const savedResources = new Map(saved?.resources.map((resource) => [resource.id, resource]));
    return {
      ...emptyTopic(),
      ...(saved && { savedId: saved.id, key: savedKey(saved.id) }),
      title: topic.title ?? '',
      description: topic.description ?? '',
      resources: (topic.resources ?? []).map((resource) => {
        const base = emptyResource();
        const isFile = resource.type === 'PDF' && !resource.url;
        const kept = resource.id != null ? savedResources.get(resource.id) : undefined;
        const keptFile = kept && isFile ? sourceOf(kept) : null;
        return {
          ...base,
          savedId: kept?.id ?? null,
          title: resource.title ?? '',
          type: (resource.type ?? base.type) as typeof base.type,
          description: resource.description ?? '',
          durationMinutes: resource.durationMinutes ?? null,
          source:
            keptFile?.kind === 'file'
              ? keptFile
              : {
                  ...base.source,
                  kind: isFile ? ('file' as const) : ('url' as const),
                  url: resource.url ?? '',
                },
        };
      }),
    };
  });
  // Prerequisites are kept by position in the draft; the form names them by the topics' keys.
  (fields.topics ?? []).forEach((topic, index) => {
    topics[index]!.prerequisites = (topic.prerequisiteTopicIndexes ?? []).flatMap((position) =>
      position !== index && topics[position] ? [topics[position].key] : [],
    );
  });
  return {
    ...empty,
    title: fields.title ?? '',
    description: fields.description ?? '',
    category: (fields.category ?? '') as PlanFormValues['category'],
    estimatedDays: fields.estimatedDays ?? empty.estimatedDays,
    isPublic: fields.isPublic ?? empty.isPublic,
    tags: fields.tags ?? [],
    schedule: {
      startDate: fields.startDate ?? '',
      targetCompletionDate: fields.targetCompletionDate ?? '',
    },
    topics: topics.length > 0 ? topics : empty.topics,
  };
}
