import { PLAN_MAP_MESSAGES, PLAN_MESSAGES, type ResourceInput, type TopicInput } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import {
  deleteResources,
  deleteTopics,
  insertResources,
  insertTopics,
  selectPlanItems,
  selectPlanPrerequisites,
  setTopicPrerequisites,
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

/**
 * Each topic's prerequisites as positions in `topics` (the body's order), from the ids and indexes it sent,
 * or, for a kept topic sent without either, from `stored` (its prerequisites now, those the body keeps).
 * Refused when one names no topic of this body (another plan's, or one the edit removes), the topic
 * itself, or when they go in a circle.
 */
export function prerequisitePositions(topics: TopicInput[], stored: Map<number, number[]>): number[][] {
  const positionOfId = new Map(
    topics.flatMap((topic, position) => (topic.id == null ? [] : [[topic.id, position] as const])),
  );
  const edges = topics.map((topic, position) => {
    if (keepsPrerequisites(topic))
      return (stored.get(topic.id!) ?? []).flatMap((id) => positionOfId.get(id) ?? []);
    const fromIds = (topic.prerequisiteTopicIds ?? []).map((id) => {
      const found = positionOfId.get(id);
      if (found === undefined) throw badRequest(PLAN_MAP_MESSAGES.foreignPrerequisite(`topic ${id}`));
      return found;
    });
    const indexes = topic.prerequisiteTopicIndexes ?? [];
    for (const index of indexes) {
      if (index >= topics.length)
        throw badRequest(PLAN_MAP_MESSAGES.foreignPrerequisite(`at index ${index}`));
    }
    const all = [...new Set([...fromIds, ...indexes])];
    if (all.includes(position)) throw badRequest(PLAN_MAP_MESSAGES.selfPrerequisite(topic.title));
    return all;
  });
  const cycle = findCycle(edges);
  if (cycle)
    throw badRequest(PLAN_MAP_MESSAGES.prerequisiteCycle(cycle.map((position) => topics[position]!.title)));
  return edges;
}

const keepsPrerequisites = (topic: TopicInput) =>
  topic.id != null &&
  topic.prerequisiteTopicIds === undefined &&
  topic.prerequisiteTopicIndexes === undefined;

/** A circle of the graph `edges` (node → the nodes it needs) as its nodes in order, or null. */
function findCycle(edges: number[][]): number[] | null {
  const state = new Array<'open' | 'done' | undefined>(edges.length);
  const path: number[] = [];
  const visit = (node: number): number[] | null => {
    if (state[node] === 'done') return null;
    if (state[node] === 'open') return path.slice(path.indexOf(node));
    state[node] = 'open';
    path.push(node);
    for (const next of edges[node]!) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state[node] = 'done';
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
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
 * Set-based: at most nine statements whatever the number of topics and resources. Prerequisites are
 * checked first (prerequisitePositions) and written last, once every topic has its id.
 */
export async function applyPlanItems(tx: Database, planId: number, topics: TopicInput[]): Promise<string[]> {
  const current = await selectPlanItems(tx, planId);
  const currentTopics = new Set(current.map((row) => row.topicId));
  const currentResources = new Map<number, ExistingResource>();
  for (const row of current) {
    if (row.resourceId !== null) currentResources.set(row.resourceId, row);
  }

  // The stored prerequisites are read only when a kept topic leaves them out of the body.
  const stored = topics.some(keepsPrerequisites)
    ? await selectPlanPrerequisites(tx, planId)
    : new Map<number, number[]>();
  const prerequisites = prerequisitePositions(topics, stored);
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

  const finalIds = new Map(ordered.map((topic, position) => [topic, topic.id ?? newTopicIds.get(position)!]));
  const idAt = (position: number) => finalIds.get(topics[position]!)!;
  await setTopicPrerequisites(
    tx,
    [...finalIds.values()],
    prerequisites.flatMap((needed, position) =>
      needed.map((prerequisite) => ({ topicId: idAt(position), prerequisiteId: idAt(prerequisite) })),
    ),
  );
  return unusedFiles;
}
