import { HIDE_LIMITS, HIDE_MESSAGES } from '@pathwise/contract';
import { type FormEvent, useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { DialogAnswer, ModalDialog } from '../../../components/modal-dialog';
import { serverMessageOr } from '../../../lib/api-client';
import type { HideTarget, useContentModeration } from '../api/content-moderation-api';

type Props = {
  target: HideTarget;
  moderation: ReturnType<typeof useContentModeration>;
  onClose: () => void;
};

/**
 * Asks a moderator why they hide something (its author reads it), hides it and says so. Escape or
 * Cancel closes it without hiding; focus returns to the Hide button (Headless UI's Dialog).
 */
export function HideDialog({ target, moderation: { change }, onClose }: Props) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissingReason(true);
      return;
    }
    if (!change.isPending) change.mutate({ target, reason });
  };

  return (
    <ModalDialog title={HIDE_MESSAGES.dialogTitle[target.type]} onClose={onClose}>
      {change.isSuccess ? (
        <DialogAnswer message={HIDE_MESSAGES.hidden} onClose={onClose} />
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <p className="text-sm text-slate-700">{HIDE_MESSAGES.dialogHelp}</p>
          <div>
            <label htmlFor={reasonId} className="font-medium text-slate-900">
              {HIDE_MESSAGES.reasonLabel}
            </label>
            <textarea
              id={reasonId}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setMissingReason(false);
              }}
              maxLength={HIDE_LIMITS.reasonMax}
              rows={3}
              required
              aria-invalid={missingReason || undefined}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30"
            />
            {missingReason && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {HIDE_MESSAGES.reasonRequired}
              </p>
            )}
          </div>
          {change.isError && <ErrorBox>{serverMessageOr(change.error, HIDE_MESSAGES.failed)}</ErrorBox>}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className="btn-secondary">
              {HIDE_MESSAGES.cancel}
            </button>
            <BusyButton type="submit" busy={change.isPending} className="btn-danger aria-busy:cursor-wait">
              {change.isPending ? HIDE_MESSAGES.hiding : HIDE_MESSAGES.hide}
            </BusyButton>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
