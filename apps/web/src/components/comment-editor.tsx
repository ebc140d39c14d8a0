import { POST_LIMITS } from '@pathwise/contract';
import { type FormEvent, useId, useState } from 'react';
import { BusyButton } from './busy-button';
import { MarkdownTabs } from './markdown/markdown-tabs';

type CommentEditorProps = {
  label: string;
  submitLabel: string;
  initialText?: string;
  pending: boolean;
  /** Resolves true when the text was saved (a new comment's box is then emptied). */
  onSubmit: (text: string) => Promise<boolean>;
  /**
   * For a comment shown before the server has it: the box empties as it is sent, ready for the
   * next one, and gets the text back if it could not be saved.
   */
  clearsAtOnce?: boolean;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/** A comment's text box: the text must be non-blank, so submitting is disabled until it is. */
export function CommentEditor({
  label,
  submitLabel,
  initialText = '',
  pending,
  onSubmit,
  onCancel,
  autoFocus,
  clearsAtOnce = false,
}: CommentEditorProps) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || pending) return;
    const sent = text;
    if (clearsAtOnce) setText('');
    const saved = await onSubmit(sent.trim());
    // A box cleared at once may hold the next comment by now, typed while this one was on its way.
    if (saved && !onCancel && !clearsAtOnce) setText('');
    // Back into the box, unless the person has started the next comment meanwhile.
    if (!saved && clearsAtOnce) setText((current) => (current === '' ? sent : current));
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
      className="space-y-2"
    >
      <MarkdownTabs text={text}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl+Enter (Cmd+Enter on a Mac) sends, as in most comment boxes; Enter alone adds a line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            }
          }}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          placeholder={label}
          rows={3}
          maxLength={POST_LIMITS.commentMax}
          // biome-ignore lint/a11y/noAutofocus: opening the editor is the user's own request to type here.
          autoFocus={autoFocus}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30"
        />
      </MarkdownTabs>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" onClick={onCancel} className="btn-secondary">
            Cancel
          </button>
        )}
        <BusyButton
          type="submit"
          busy={pending}
          unavailable={blank}
          className="btn-primary aria-disabled:cursor-not-allowed aria-busy:cursor-wait"
        >
          {pending ? 'Saving...' : submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
