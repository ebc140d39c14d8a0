import type {
  LearningPlan,
  NewResourceBody,
  Page,
  PlanBody,
  PlanFileUpload,
  PlanResource,
  TopicStatus,
} from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

const BASE = '/api/learning-plans';

/** The Home feed adds `_` set from its refresh key, when there is one, so no cache answers. */
export async function fetchPublicPlans(page: number, refreshKey: string, signal?: AbortSignal) {
  const query = pageQuery(page);
  if (refreshKey) query.set('_', refreshKey);
  const response = await apiRequest<Page<LearningPlan> | undefined>(`${BASE}/public?${query}`, { signal });
  // a response without `content` is a failed load.
  if (!Array.isArray(response?.content)) throw new Error('Invalid data format received from server');
  return response;
}

/** Public plans, most used as a template first. */
export function fetchPopularPlans(size: number, signal?: AbortSignal) {
  const query = pageQuery(0);
  query.set('size', String(size));
  return apiRequest<Page<LearningPlan>>(`${BASE}/popular?${query}`, { signal });
}

export function fetchUserPlans(userId: number, page: number, signal?: AbortSignal) {
  return apiRequest<Page<LearningPlan>>(`${BASE}/user/${userId}?${pageQuery(page)}`, { signal });
}

export function fetchPlan(planId: number, signal?: AbortSignal) {
  return apiRequest<LearningPlan>(`${BASE}/${planId}`, { signal });
}

export function createPlan(body: PlanBody) {
  return apiRequest<LearningPlan>(BASE, { method: 'POST', body });
}

export function updatePlan(planId: number, body: PlanBody) {
  return apiRequest<LearningPlan>(`${BASE}/${planId}`, { method: 'PUT', body });
}

/** "Use as template": answers the viewer's new private copy. */
export function copyPlan(planId: number) {
  return apiRequest<LearningPlan>(`${BASE}/${planId}/copies`, { method: 'POST' });
}

export function deletePlan(planId: number) {
  return apiRequest<void>(`${BASE}/${planId}`, { method: 'DELETE' });
}

export function addResource(planId: number, topicId: number, resource: NewResourceBody) {
  return apiRequest<PlanResource>(`${BASE}/${planId}/topics/${topicId}/resources`, {
    method: 'POST',
    body: resource,
  });
}

/** The file with the resource id it belongs to. */
export function uploadResourceFile(planId: number, topicId: number, resourceId: number, file: File) {
  const form = new FormData();
  form.append('resourceId', String(resourceId));
  form.append('file', file);
  return apiRequest<PlanFileUpload>(`${BASE}/${planId}/topics/${topicId}/resources/upload`, {
    method: 'POST',
    body: form,
  });
}

export function setTopicStatus(planId: number, topicId: number, status: TopicStatus) {
  return apiRequest<LearningPlan>(`${BASE}/${planId}/topics/${topicId}/user-progress?status=${status}`, {
    method: 'PATCH',
  });
}

export function setResourceCompleted(
  planId: number,
  topicId: number,
  resourceId: number,
  isCompleted: boolean,
) {
  return apiRequest<LearningPlan>(
    `${BASE}/${planId}/topics/${topicId}/resources/${resourceId}/user-progress?isCompleted=${isCompleted}`,
    { method: 'PATCH' },
  );
}
