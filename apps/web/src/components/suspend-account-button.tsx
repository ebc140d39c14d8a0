import { SUSPENSION_MESSAGES, type SuspensionState } from '@pathwise/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { apiRequest, serverMessageOr } from '../lib/api-client';
import { BusyButton } from './busy-button';
import { ErrorBox } from './callout';
import { useDialogTrigger } from './use-dialog-trigger';

// The dialog's code is fetched when a moderator suspends someone, not on every profile.
const SuspendDialog = lazy(() => import('./suspend-dialog'));

type ChangeRequest = { suspend: true; reason: string } | { suspend: false };

/**
 * A moderator's "Suspend account" (asking why in a dialog) or "Unsuspend" for a user, on their profile
 * and on reports about them (docs/features.md, "Reports and moderation"). What the account made appears in or
 * leaves every list at once, so every cached response is refetched.
 */
export function SuspendAccountButton({
  userId,
  name,
  suspended,
}: {
  userId: number;
  name: string;
  suspended: boolean;
}) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (request: ChangeRequest) =>
      apiRequest<SuspensionState>(
        `/api/moderation/users/${userId}/${request.suspend ? 'suspend' : 'unsuspend'}`,
        request.suspend ? { method: 'POST', body: { reason: request.reason } } : { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const { open, setOpen, trigger } = useDialogTrigger();

  return (
    <div className="flex flex-col items-stretch gap-2">
      {suspended ? (
        <BusyButton
          type="button"
          busy={change.isPending}
          onClick={() => change.mutate({ suspend: false })}
          className="btn-secondary"
        >
          {change.isPending ? SUSPENSION_MESSAGES.unsuspending : SUSPENSION_MESSAGES.unsuspendAction}
        </BusyButton>
      ) : (
        <button
          ref={trigger}
          type="button"
          aria-haspopup="dialog"
          onClick={() => {
            change.reset();
            setOpen(true);
          }}
          className="btn-danger"
        >
          {SUSPENSION_MESSAGES.suspendAction}
        </button>
      )}
      <p aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {change.isSuccess ? change.data.message : ''}
      </p>
      {!open && change.isError && (
        <ErrorBox>{serverMessageOr(change.error, SUSPENSION_MESSAGES.failed)}</ErrorBox>
      )}
      {open && (
        <Suspense fallback={null}>
          <SuspendDialog
            name={name}
            busy={change.isPending}
            error={change.error}
            onSuspend={(reason) =>
              change.mutate({ suspend: true, reason }, { onSuccess: () => setOpen(false) })
            }
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
