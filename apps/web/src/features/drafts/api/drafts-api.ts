import type { Draft, DraftInput, DraftPage, PublishedDraft } from '@pathwise/contract';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

export function fetchDrafts(page: number, signal?: AbortSignal) {
  return apiRequest<DraftPage>(`/api/drafts?${pageQuery(page)}`, { signal });
}

export function fetchDraft(id: number, signal?: AbortSignal) {
  return apiRequest<Draft>(`/api/drafts/${id}`, { signal });
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
