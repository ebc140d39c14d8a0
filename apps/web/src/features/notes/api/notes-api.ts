import type { Note, NoteBody, PlanNoteGroupPage } from '@pathwise/contract';
import { apiRequest } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

/** What a note is written on: a topic of a plan, or one of the topic's resources. */
export type NoteTarget = { planId: number; topicId: number; resourceId: number | null };

export function fetchPlanNotes(planId: number, signal?: AbortSignal) {
  return apiRequest<Note[]>(`/api/learning-plans/${planId}/notes`, { signal });
}

export function writeNote({ planId, topicId, resourceId }: NoteTarget, body: NoteBody) {
  const topic = `/api/learning-plans/${planId}/topics/${topicId}`;
  const path = resourceId === null ? `${topic}/note` : `${topic}/resources/${resourceId}/note`;
  return apiRequest<Note>(path, { method: 'PUT', body });
}

export function deleteNote(noteId: number) {
  return apiRequest<void>(`/api/notes/${noteId}`, { method: 'DELETE' });
}

/** A page of "My notes", searched for `q` when it is not blank. */
export function fetchMyNotes(page: number, q: string, signal?: AbortSignal) {
  return apiRequest<PlanNoteGroupPage>(`/api/notes?${pageQuery(page, q ? { q } : {})}`, { signal });
}
