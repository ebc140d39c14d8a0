import type { Note } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list';
import { deleteNote, fetchMyNotes, fetchPlanNotes, type NoteTarget, writeNote } from './notes-api';

export const noteKeys = {
  all: ['notes'] as const,
  plan: (planId: number) => ['notes', 'plan', planId] as const,
  mine: (q: string) => ['notes', 'mine', q] as const,
};

const isOn = (target: NoteTarget) => (note: Note) =>
  note.topicId === target.topicId && note.resourceId === target.resourceId;

/** The viewer's note on one topic or resource: one request for the whole plan, shared by every toggle. */
export function useNote(target: NoteTarget) {
  return useQuery({
    queryKey: noteKeys.plan(target.planId),
    queryFn: ({ signal }) => fetchPlanNotes(target.planId, signal),
    select: (notes) => notes.find(isOn(target)) ?? null,
  });
}

/** Saves the note (blank text deletes it); the plan's notes and "My notes" show the change. */
export function useSaveNote(target: NoteTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, existing }: { content: string; existing: Note | null }) => {
      if (content.trim() !== '') return writeNote(target, { content });
      if (existing) await deleteNote(existing.id);
      return null;
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData<Note[]>(noteKeys.plan(target.planId), (notes = []) => [
        ...notes.filter((note) => !isOn(target)(note)),
        ...(saved ? [saved] : []),
      ]);
      await queryClient.invalidateQueries({ queryKey: ['notes', 'mine'], refetchType: 'none' });
    },
  });
}

export function useMyNotes(q: string) {
  return usePagedList({
    queryKey: noteKeys.mine(q),
    fetchPage: (page, signal) => fetchMyNotes(page, q, signal),
    restartOnReturn: true,
  });
}
