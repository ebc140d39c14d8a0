import { NOTE_LIMITS, NOTE_MESSAGES, type Note } from '@pathwise/contract';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Markdown } from '../../../components/markdown/markdown';
import { MarkdownField } from '../../../components/markdown/markdown-field';
import { Spinner } from '../../../components/spinner';
import { serverMessageOr } from '../../../lib/api-client';
import type { NoteTarget } from '../api/notes-api';
import { useNote, useSaveNote } from '../api/queries';

type NoteToggleProps = NoteTarget & {
  /** The topic's or resource's title, naming the note for screen readers. */
  title: string;
};

/**
 * The viewer's private note on a topic or resource (docs/features.md, "Private notes"): shown under it when
 * there is one, written in a Markdown editor the toggle opens, saved only when asked.
 */
export function NoteToggle({ title, ...target }: NoteToggleProps) {
  const note = useNote(target);
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const panelId = useId();
  const existing = note.data ?? null;

  return (
    <div className="mt-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
          setSaved(false);
        }}
        className="text-link text-sm"
      >
        {open ? 'Close note' : existing ? 'Edit note' : 'Note'} <span className="sr-only">on {title}</span>
      </button>
      {saved && !open && (
        <span role="status" className="ml-2 text-sm text-emerald-700">
          {NOTE_MESSAGES.saved}
        </span>
      )}
      {existing && !open && (
        <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-slate-800">
          <p className="text-xs font-semibold text-amber-900">Your private note</p>
          <Markdown text={existing.content} />
        </div>
      )}
      <div id={panelId} hidden={!open} className="mt-2">
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
              onDone={(didSave) => {
                setOpen(false);
                setSaved(didSave);
              }}
            />
          ))}
      </div>
    </div>
  );
}

type NoteEditorProps = {
  target: NoteTarget;
  title: string;
  existing: Note | null;
  onDone: (saved: boolean) => void;
};

function NoteEditor({ target, title, existing, onDone }: NoteEditorProps) {
  const [draft, setDraft] = useState(existing?.content ?? '');
  const save = useSaveNote(target);
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ content: draft, existing }, { onSuccess: () => onDone(true) });
      }}
    >
      <MarkdownField
        label={`Your private note on ${title}`}
        text={draft}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={NOTE_LIMITS.contentMaxLength}
        rows={5}
      />
      <p className="text-xs text-slate-500">Only you can see this note. Leave it empty to delete it.</p>
      {save.isError && (
        <ErrorBox>
          {serverMessageOr(
            save.error,
            existing && !draft.trim() ? NOTE_MESSAGES.deleteFailed : NOTE_MESSAGES.saveFailed,
          )}
        </ErrorBox>
      )}
      <div className="flex gap-2">
        <BusyButton type="submit" className="btn-primary" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save note'}
        </BusyButton>
        <button type="button" className="btn-secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
