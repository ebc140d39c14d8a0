import { PLAN_MESSAGES, type ResourceInput, type TopicInput } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import {
  deleteResources,
  deleteTopics,
  insertResources,
  insertTopics,
  selectPlanItems,
  updateResources,
  updateTopics,
} from './plans.queries.js';

/** Items in the order their `orderIndex` asks for (ties and gaps keep the sent order), numbered 0, 1, 2… */
function inOrder<T extends { orderIndex?: number | null | undefined }>(items: T[]): T[] {
  return items
    .map((item, position) => ({ item, key: item.orderIndex ?? position, position }))
    .sort((a, b) => a.key - b.key || a.position - b.position)
    .map(({ item }) => item);
}

function refuseRepeatedIds(ids: (number | null | undefined)[]) {
  const seen = new Set<number>();
  for (const id of ids) {
    if (id == null) continue;
    if (seen.has(id)) throw badRequest(PLAN_MESSAGES.duplicateId(id));
    seen.add(id);
  }
}

type ExistingResource = { topicId: number; url: string | null; fileKey: string | null };

/**
 * A kept resource keeps its uploaded PDF unless it is given a link of its own instead, and its link when sent
 * without one.
 */
function resourceColumns(
  resource: ResourceInput,
  orderIndex: number,
  existing: ExistingResource | undefined,
) {
  const columns = {
    title: resource.title,
    type: resource.type,
    description: resource.description,
    durationMinutes: resource.durationMinutes,
    orderIndex,
  };
  const fileKey = existing?.fileKey;
  // A client may send back the URL it was given for the file; that is not a new link.
  const keepsFile = fileKey && (!resource.url || resource.url.endsWith(`/api/media/${fileKey}`));
  if (keepsFile) return { columns: { ...columns, type: 'PDF', url: null, fileKey }, droppedFile: null };
  const url = resource.url ?? existing?.url ?? null;
  return { columns: { ...columns, url, fileKey: null }, droppedFile: fileKey ?? null };
}

/**
 * Makes the plan's topics and resources those of `topics` (PUT semantics): items with an id of the
 * plan are updated, items without one created, the plan's other items deleted (with everyone's
 * progress on them). Answers the storage keys of files no longer used, to remove after commit.
 * Set-based: at most seven statements whatever the number of topics and resources.
 */
export async function applyPlanItems(tx: Database, planId: number, topics: TopicInput[]): Promise<string[]> {
  const current = await selectPlanItems(tx, planId);
  const currentTopics = new Set(current.map((row) => row.topicId));
  const currentResources = new Map<number, ExistingResource>();
  for (const row of current) {
    if (row.resourceId !== null) currentResources.set(row.resourceId, row);
  }

  const ordered = inOrder(topics);
  refuseRepeatedIds(ordered.map((topic) => topic.id));
  refuseRepeatedIds(ordered.flatMap((topic) => topic.resources.map((resource) => resource.id)));
  for (const [topicIndex, topic] of topics.entries()) {
    if (topic.id != null && !currentTopics.has(topic.id))
      throw badRequest(PLAN_MESSAGES.foreignTopic(topic.id));
    for (const [resourceIndex, resource] of topic.resources.entries()) {
      const existing = resource.id == null ? undefined : currentResources.get(resource.id);
      if (resource.id != null && existing?.topicId !== topic.id)
        throw badRequest(PLAN_MESSAGES.foreignResource(resource.id));
      if (!resource.url && !existing?.url && !existing?.fileKey && resource.type !== 'PDF') {
        const field = `topics.${topicIndex}.resources.${resourceIndex}.url`;
        throw badRequest(PLAN_MESSAGES.resourceUrlRequired, [
          { field, message: PLAN_MESSAGES.resourceUrlRequired },
        ]);
      }
    }
  }

  const keptTopics = new Set(ordered.flatMap((topic) => topic.id ?? []));
  const keptResources = new Set(ordered.flatMap((topic) => topic.resources.flatMap((r) => r.id ?? [])));
  const unusedFiles = [...currentResources]
    .filter(([id, resource]) => !keptResources.has(id) && resource.fileKey)
    .map(([, resource]) => resource.fileKey!);
  await deleteTopics(
    tx,
    [...currentTopics].filter((id) => !keptTopics.has(id)),
  );
  await deleteResources(
    tx,
    [...currentResources]
      .filter(([id, resource]) => !keptResources.has(id) && keptTopics.has(resource.topicId))
      .map(([id]) => id),
  );

  const topicColumns = (topic: TopicInput, orderIndex: number) => ({
    title: topic.title,
    description: topic.description ?? null,
    orderIndex,
  });
  const newTopicIds = await insertTopics(
    tx,
    planId,
    ordered.flatMap((topic, orderIndex) => (topic.id == null ? [topicColumns(topic, orderIndex)] : [])),
  );
  await updateTopics(
    tx,
    planId,
    ordered.flatMap((topic, orderIndex) =>
      topic.id == null ? [] : [{ id: topic.id, ...topicColumns(topic, orderIndex) }],
    ),
  );

  const newResources = [];
  const editedResources = [];
  for (const [topicIndex, topic] of ordered.entries()) {
    const topicId = topic.id ?? newTopicIds.get(topicIndex)!;
    for (const [orderIndex, resource] of inOrder(topic.resources).entries()) {
      const existing = resource.id == null ? undefined : currentResources.get(resource.id);
      const { columns, droppedFile } = resourceColumns(resource, orderIndex, existing);
      if (droppedFile) unusedFiles.push(droppedFile);
      if (resource.id == null) newResources.push({ ...columns, topicId });
      else editedResources.push({ ...columns, id: resource.id });
    }
  }
  await updateResources(tx, editedResources);
  await insertResources(tx, newResources);
  return unusedFiles;
}
