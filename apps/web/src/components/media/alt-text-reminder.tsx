import { MEDIA_MESSAGES } from '@pathwise/contract';
import type { RefObject } from 'react';

/**
 * Before images go out without a description, as Mastodon does: a reminder, never a refusal. "Add
 * descriptions" moves to the first empty description of `form`; "Publish without" submits it again.
 */
export function AltTextReminder({
  form,
  onDescribe,
  onPublish,
}: {
  form: RefObject<HTMLFormElement | null>;
  onDescribe: () => void;
  onPublish: () => void;
}) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p>{MEDIA_MESSAGES.altTextMissing}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => {
            onDescribe();
            form.current?.querySelector<HTMLTextAreaElement>('textarea[data-undescribed]')?.focus();
          }}
          className="btn-primary"
        >
          Add descriptions
        </button>
        <button
          type="button"
          onClick={() => {
            onPublish();
            form.current?.requestSubmit();
          }}
          className="btn-secondary"
        >
          Publish without descriptions
        </button>
      </div>
    </div>
  );
}
