import type { LearningPlan, Page, Post, TagFollowResponse, TagSummary } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

export const fetchTag = (tag: string, signal?: AbortSignal) =>
  apiRequest<TagSummary>(tagPath(tag), { signal });

export const fetchTaggedPosts = (tag: string, page: number, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`${tagPath(tag)}/posts?${pageQuery(page)}`, { signal });

export const fetchTaggedPlans = (tag: string, page: number, signal?: AbortSignal) =>
  apiRequest<Page<LearningPlan>>(`${tagPath(tag)}/plans?${pageQuery(page)}`, { signal });

export const setTagFollowed = (tag: string, following: boolean) =>
  apiRequest<TagFollowResponse>(`${tagPath(tag)}/follow`, { method: following ? 'POST' : 'DELETE' });
