import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { SUSPENSION_LIMITS, SUSPENSION_MESSAGES } from '@pathwise/contract';
import { type FormEvent, useId, useState } from 'react';
import { serverMessageOr } from '../lib/api-client';
import { BusyButton } from './busy-button';
import { ErrorBox } from './callout';

/**
 * Asks a moderator why the account is suspended, then suspends it. Escape or Cancel closes it without
 * suspending; focus returns to the button that opened it (Headless UI's Dialog).
 */
export default function SuspendDialog({
  name,
  busy,
  error,
  onSuspend,
  onClose,
}: {
  name: string;
  busy: boolean;
  /** Why the last attempt failed; null before any or after a success. */
  error: Error | null;
  onSuspend: (reason: string) => void;
  onClose: () => void;
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
    if (!busy) onSuspend(reason);
  };

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {SUSPENSION_MESSAGES.dialogTitle(name)}
          </DialogTitle>
          <p className="text-sm text-slate-700">{SUSPENSION_MESSAGES.dialogExplanation}</p>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <div>
              <label htmlFor={reasonId} className="font-medium text-slate-900">
                {SUSPENSION_MESSAGES.reasonLabel}
              </label>
              <textarea
                id={reasonId}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissingReason(false);
                }}
                maxLength={SUSPENSION_LIMITS.reasonMax}
                rows={3}
                aria-invalid={missingReason}
                aria-describedby={missingReason ? errorId : undefined}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30"
              />
              {missingReason && (
                <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
                  {SUSPENSION_MESSAGES.reasonRequired}
                </p>
              )}
            </div>
            {error && <ErrorBox>{serverMessageOr(error, SUSPENSION_MESSAGES.failed)}</ErrorBox>}
            <div className="flex justify-end gap-2">
              <button type="button" onClick={onClose} className="btn-secondary">
                {SUSPENSION_MESSAGES.cancel}
              </button>
              <BusyButton type="submit" busy={busy} className="btn-danger aria-busy:cursor-wait">
                {busy ? SUSPENSION_MESSAGES.suspending : SUSPENSION_MESSAGES.confirmSuspend}
              </BusyButton>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
