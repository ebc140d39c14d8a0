import type { Draft, DraftInput, DraftPage, PublishedDraft } from '@pathwise/contract';
import { ApiError, apiRequest, apiUpload } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

export function fetchDrafts(page: number, signal?: AbortSignal) {
  return apiRequest<DraftPage>(`/api/drafts?${pageQuery(page)}`, { signal });
}

export function fetchDraft(id: number, signal?: AbortSignal) {
  return apiRequest<Draft>(`/api/drafts/${id}`, { signal });
}

/** The viewer's draft of changes to that plan of theirs; null when there is none. */
export async function fetchPlanDraft(planId: number, signal?: AbortSignal): Promise<Draft | null> {
  try {
    return await apiRequest<Draft>(`/api/drafts/plans/${planId}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function createDraft(input: DraftInput) {
  return apiRequest<Draft>('/api/drafts', { method: 'POST', body: input });
}

export function updateDraft(id: number, input: DraftInput) {
  return apiRequest<Draft>(`/api/drafts/${id}`, { method: 'PUT', body: input });
}

export function deleteDraft(id: number) {
  return apiRequest<void>(`/api/drafts/${id}`, { method: 'DELETE' });
}

/**
 * A post draft's media travel with its publication, as repeated `files` parts with their descriptions;
 * `publishAt` schedules the post instead of publishing it now.
 */
export function publishDraft(
  id: number,
  {
    files,
    altTexts,
    coverFileIndex = null,
    publishAt,
    onProgress,
  }: {
    files: File[];
    altTexts: string[];
    /** Which of `files` is the post's cover; null: its first image. */
    coverFileIndex?: number | null;
    publishAt?: string;
    onProgress?: (share: number) => void;
  },
) {
  const form = new FormData();
  const part = { altTexts, coverFileIndex, ...(publishAt && { publishAt }) };
  form.append('post', new Blob([JSON.stringify(part)], { type: 'application/json' }));
  for (const file of files) form.append('files', file);
  return apiUpload<PublishedDraft>(`/api/drafts/${id}/publish`, { body: form, onProgress });
}
