import { NOTE_LIMITS, NOTE_MESSAGES, type Note } from '@pathwise/contract';
import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { MarkdownField } from '../../../components/markdown/markdown-field';
import { serverMessageOr } from '../../../lib/api-client';
import type { NoteTarget } from '../api/notes-api';
import { useSaveNote } from '../api/queries';

type NoteEditorProps = {
  target: NoteTarget;
  title: string;
  existing: Note | null;
  onDone: (saved: boolean) => void;
};

/** The Markdown editor of a note, which takes focus when it opens; saved only when asked. */
export function NoteEditor({ target, title, existing, onDone }: NoteEditorProps) {
  const [draft, setDraft] = useState(existing?.content ?? '');
  const save = useSaveNote(target);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ content: draft, existing }, { onSuccess: () => onDone(true) });
      }}
    >
      <MarkdownField
        ref={field}
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
