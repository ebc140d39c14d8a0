import { NoteIcon } from '../../../components/icons';
import type { NoteTarget } from '../api/notes-api';
import { useNote } from '../api/queries';
import { noteKey, usePlanNotes } from './plan-notes-state';

export type NoteItemProps = NoteTarget & {
  /** The topic's or resource's title, naming the note for screen readers. */
  title: string;
};

/**
 * The one note control of a topic or resource row: an icon, filled when the viewer has a note there,
 * that opens and closes the note's editor (in `NotePanel`, under the row).
 */
export function NoteButton({ title, ...target }: NoteItemProps) {
  const note = useNote(target);
  const notes = usePlanNotes();
  const key = noteKey(target);
  const hasNote = Boolean(note.data);
  const name = `${hasNote ? 'Edit' : 'Add'} note on ${title}`;
  return (
    <button
      type="button"
      ref={notes.buttonRef(key)}
      aria-expanded={notes.stateOf(key) === 'open'}
      aria-controls={`${key}-panel`}
      onClick={() => notes.toggle(key)}
      title={name}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-indigo-700 aria-expanded:bg-indigo-50 aria-expanded:text-indigo-700"
    >
      <NoteIcon className={`size-5 ${hasNote ? 'fill-amber-200 text-amber-700' : ''}`} />
      <span className="sr-only">{name}</span>
    </button>
  );
}
