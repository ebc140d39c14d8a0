import { type FormEvent, useId, useState } from 'react';
import { BusyButton } from './busy-button';
import { ErrorBox } from './callout';

type Texts = {
  /** What the action does, above the field. */
  help: string;
  label: string;
  /** Said when the reason is left empty. */
  required: string;
  cancel: string;
  submit: string;
  /** The submit button's text while the action runs. */
  busy: string;
};

/**
 * The form of a moderator's action that needs a reason (hiding, suspending): the reason is required,
 * said at once when missing; the server's refusal shows above the buttons.
 */
export function ReasonForm({
  texts,
  maxLength,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  texts: Texts;
  maxLength: number;
  busy: boolean;
  /** Why the last attempt failed; null before any. */
  error: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissingReason(true);
      return;
    }
    if (!busy) onSubmit(reason);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">{texts.help}</p>
      <div>
        <label htmlFor={reasonId} className="font-medium text-slate-900">
          {texts.label}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissingReason(false);
          }}
          maxLength={maxLength}
          rows={3}
          required
          aria-invalid={missingReason || undefined}
          aria-describedby={missingReason ? errorId : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30"
        />
        {missingReason && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {texts.required}
          </p>
        )}
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="btn-secondary">
          {texts.cancel}
        </button>
        <BusyButton type="submit" busy={busy} className="btn-danger aria-busy:cursor-wait">
          {busy ? texts.busy : texts.submit}
        </BusyButton>
      </div>
    </form>
  );
}
