import { type ContentModeration, HIDE_MESSAGES } from '@pathwise/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { serverMessageOr } from '../../../lib/api-client';
import { type HideTarget, useContentModeration } from '../api/content-moderation-api';
import { HideDialog } from './hide-dialog';

/**
 * A moderator's Hide button (with a reason dialog) on a post, comment or plan, or, on one they
 * hid, why it is hidden and an Unhide button.
 */
export function HideControls({ target, moderation }: { target: HideTarget; moderation?: ContentModeration }) {
  const [asking, setAsking] = useState(false);
  const [unhidden, setUnhidden] = useState(false);
  const moderate = useContentModeration();
  const { change, refresh } = moderate;

  const unhide = () => {
    if (change.isPending) return;
    setUnhidden(false);
    change.mutate(
      { target, reason: null },
      {
        onSuccess: () => {
          setUnhidden(true);
          void refresh();
        },
      },
    );
  };
  const closeDialog = () => {
    setAsking(false);
    if (change.isSuccess) void refresh();
    change.reset();
  };

  return (
    <div className="space-y-2 text-sm">
      {moderation ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
            {HIDE_MESSAGES.hiddenBadge}
          </span>
          <span className="min-w-0 break-words text-slate-700">{moderation.reason}</span>
          <BusyButton type="button" busy={change.isPending} onClick={unhide} className="btn-secondary">
            {change.isPending ? HIDE_MESSAGES.unhiding : HIDE_MESSAGES.unhide}
          </BusyButton>
        </div>
      ) : (
        <button type="button" onClick={() => setAsking(true)} className="btn-danger">
          {HIDE_MESSAGES.hide}
        </button>
      )}
      <p aria-live="polite" className="text-slate-700">
        {unhidden && !moderation ? HIDE_MESSAGES.unhidden : ''}
      </p>
      {!asking && change.isError && (
        <ErrorBox>{serverMessageOr(change.error, HIDE_MESSAGES.failed)}</ErrorBox>
      )}
      {asking && <HideDialog target={target} moderation={moderate} onClose={closeDialog} />}
    </div>
  );
}
