import { SUSPENSION_LIMITS, SUSPENSION_MESSAGES } from '@pathwise/contract';
import { serverMessageOr } from '../lib/api-client';
import { ModalDialog } from './modal-dialog';
import { ReasonForm } from './reason-form';

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
  return (
    <ModalDialog title={SUSPENSION_MESSAGES.dialogTitle(name)} onClose={onClose}>
      <ReasonForm
        texts={{
          help: SUSPENSION_MESSAGES.dialogExplanation,
          label: SUSPENSION_MESSAGES.reasonLabel,
          required: SUSPENSION_MESSAGES.reasonRequired,
          cancel: SUSPENSION_MESSAGES.cancel,
          submit: SUSPENSION_MESSAGES.confirmSuspend,
          busy: SUSPENSION_MESSAGES.suspending,
        }}
        maxLength={SUSPENSION_LIMITS.reasonMax}
        busy={busy}
        error={error && serverMessageOr(error, SUSPENSION_MESSAGES.failed)}
        onSubmit={onSuspend}
        onCancel={onClose}
      />
    </ModalDialog>
  );
}
