import { NOTE_MESSAGES } from '@pathwise/contract';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Markdown } from '../../../components/markdown/markdown';
import { Spinner } from '../../../components/spinner';
import { useNote } from '../api/queries';
import type { NoteItemProps } from './note-button';
import { NoteEditor } from './note-editor';
import { noteKey, usePlanNotes } from './plan-notes-state';

/**
 * Under a topic or resource (docs/features.md, "Private notes"): the viewer's note when there is one,
 * or its editor while its `NoteButton` has it open.
 */
export function NotePanel({ title, ...target }: NoteItemProps) {
  const note = useNote(target);
  const notes = usePlanNotes();
  const key = noteKey(target);
  const state = notes.stateOf(key);
  const open = state === 'open';
  const existing = note.data ?? null;
  return (
    <>
      {state === 'saved' && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {NOTE_MESSAGES.saved}
        </p>
      )}
      {existing && !open && (
        <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-slate-800">
          <p className="text-xs font-semibold text-amber-900">Your private note</p>
          <Markdown text={existing.content} />
        </div>
      )}
      <div id={`${key}-panel`} hidden={!open} className="mt-2">
        {open &&
          (note.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4 text-indigo-600" />
              Loading your note…
            </p>
          ) : note.isError ? (
            <ErrorWithRetry onRetry={() => void note.refetch()}>{NOTE_MESSAGES.loadFailed}</ErrorWithRetry>
          ) : (
            <NoteEditor
              target={target}
              title={title}
              existing={existing}
              onDone={(saved) => notes.close(key, saved)}
            />
          ))}
      </div>
    </>
  );
}
