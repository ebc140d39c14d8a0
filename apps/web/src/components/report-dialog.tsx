import {
  REPORT_FORWARD_TEXTS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportReceived,
  type ReportTargetType,
} from '@pathwise/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiRequest, serverMessageOr } from '../lib/api-client';
import { BusyButton } from './busy-button';
import { ErrorBox } from './callout';
import { DialogResponse, ModalDialog } from './modal-dialog';

export type ReportTarget = {
  type: ReportTargetType;
  id: number /** e.g. "post", "comment by Ann Lee" */;
  label: string;
  /** The server of someone elsewhere (or of their comment's author): the report may go there too. */
  server?: string;
};

/**
 * Asks why something is reported, sends it, and says it was received. About someone on another server,
 * it offers (checked) to send their server an anonymous copy. Escape or Cancel closes it without
 * sending; focus returns to the Report button (Headless UI's Dialog).
 */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const detailsId = useId();
  const forwardId = useId();
  const forwardHintId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [forward, setForward] = useState(true);
  const [missingReason, setMissingReason] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      apiRequest<ReportReceived>('/api/reports', {
        method: 'POST',
        body: {
          targetType: target.type,
          targetId: target.id,
          reason,
          details,
          ...(target.server && { forward }),
        },
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    if (!send.isPending) send.mutate();
  };

  return (
    <ModalDialog title={`Report ${target.label}`} onClose={onClose}>
      {send.isSuccess ? (
        <DialogResponse message={send.data.message} onClose={onClose} />
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <fieldset>
            <legend className="font-medium text-slate-900">Why are you reporting it?</legend>
            <div className="mt-2 space-y-1.5">
              {REPORT_REASONS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-slate-800">
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setMissingReason(false);
                    }}
                    className="size-4 accent-indigo-600"
                  />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </div>
            {missingReason && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {REPORT_MESSAGES.invalidReason}
              </p>
            )}
          </fieldset>
          <div>
            <label htmlFor={detailsId} className="font-medium text-slate-900">
              Anything moderators should know? <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <textarea
              id={detailsId}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              maxLength={REPORT_LIMITS.detailsMax}
              rows={3}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30"
            />
          </div>
          {target.server && (
            <div className="flex items-start gap-2">
              <input
                id={forwardId}
                type="checkbox"
                checked={forward}
                onChange={(event) => setForward(event.target.checked)}
                aria-describedby={forwardHintId}
                className="mt-1 size-4 shrink-0 accent-indigo-600"
              />
              <div>
                <label htmlFor={forwardId} className="font-medium text-slate-900">
                  {REPORT_FORWARD_TEXTS.label(target.server)}
                </label>
                <p id={forwardHintId} className="text-sm text-slate-600">
                  {REPORT_FORWARD_TEXTS.hint}
                </p>
              </div>
            </div>
          )}
          {send.isError && <ErrorBox>{serverMessageOr(send.error, REPORT_MESSAGES.reportFailed)}</ErrorBox>}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className="btn-secondary">
              Cancel
            </button>
            <BusyButton type="submit" busy={send.isPending} className="btn-danger aria-busy:cursor-wait">
              {send.isPending ? 'Sending...' : 'Send report'}
            </BusyButton>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
