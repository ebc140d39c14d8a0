import { HIDE_LIMITS, HIDE_MESSAGES } from '@pathwise/contract';
import { DialogResponse, ModalDialog } from '../../../components/modal-dialog';
import { ReasonForm } from '../../../components/reason-form';
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
  return (
    <ModalDialog title={HIDE_MESSAGES.dialogTitle[target.type]} onClose={onClose}>
      {change.isSuccess ? (
        <DialogResponse message={HIDE_MESSAGES.hidden} onClose={onClose} />
      ) : (
        <ReasonForm
          texts={{
            help: HIDE_MESSAGES.dialogHelp,
            label: HIDE_MESSAGES.reasonLabel,
            required: HIDE_MESSAGES.reasonRequired,
            cancel: HIDE_MESSAGES.cancel,
            submit: HIDE_MESSAGES.hide,
            busy: HIDE_MESSAGES.hiding,
          }}
          maxLength={HIDE_LIMITS.reasonMax}
          busy={change.isPending}
          error={change.isError ? serverMessageOr(change.error, HIDE_MESSAGES.failed) : null}
          onSubmit={(reason) => change.mutate({ target, reason })}
          onCancel={onClose}
        />
      )}
    </ModalDialog>
  );
}
