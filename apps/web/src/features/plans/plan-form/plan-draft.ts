import type { PlanDraftFields } from '@pathwise/contract';
import { emptyPlan, emptyResource, emptyTopic, type PlanFormValues } from './plan-form-schema';

/** A number field left empty reads as NaN; a draft keeps it as none. */
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * What the plan form holds, as a draft keeps it (docs/features.md, "Drafts"): unfinished fields as they
 * are, a chosen PDF left out (files go up when the plan is created).
 */
export function planDraftFieldsOf(values: Partial<PlanFormValues>): PlanDraftFields {
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
      title: topic?.title ?? '',
      description: topic?.description ?? '',
      orderIndex: topicIndex,
      resources: (topic?.resources ?? []).map((resource, orderIndex) => ({
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

/** A saved draft as the plan form edits it; what the draft lacks keeps the new plan's defaults. */
export function planFormValuesOf(fields: PlanDraftFields): PlanFormValues {
  const empty = emptyPlan();
  const topics = (fields.topics ?? []).map((topic) => ({
    ...emptyTopic(),
    title: topic.title ?? '',
    description: topic.description ?? '',
    resources: (topic.resources ?? []).map((resource) => {
      const base = emptyResource();
      const isFile = resource.type === 'PDF' && !resource.url;
      return {
        ...base,
        title: resource.title ?? '',
        type: (resource.type ?? base.type) as typeof base.type,
        description: resource.description ?? '',
        durationMinutes: resource.durationMinutes ?? null,
        source: {
          ...base.source,
          kind: isFile ? ('file' as const) : ('url' as const),
          url: resource.url ?? '',
        },
      };
    }),
  }));
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
