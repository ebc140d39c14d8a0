import type { RemoteAccount } from '@pathwise/contract';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { serverMessageOr } from '../../../lib/api-client';
import { useRemoteRestriction } from '../api/queries';
import { FEDERATION_TEXTS } from '../federation-texts';

/**
 * Mute and Block for someone on another server, each a toggle, as for people here; what changed is said
 * in a polite live region.
 */
export function RemoteRestrictButtons({ account: found }: { account: RemoteAccount }) {
  const { account, change } = useRemoteRestriction(found);
  const { handle, isMuted, isBlocked } = account;
  const status = isBlocked ? FEDERATION_TEXTS.blocked(handle) : isMuted ? FEDERATION_TEXTS.muted(handle) : '';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="button"
          busy={change.isPending && change.variables?.what === 'mute'}
          onClick={() => change.mutate({ what: 'mute', on: !isMuted })}
          aria-label={isMuted ? FEDERATION_TEXTS.unmuteLabel(handle) : FEDERATION_TEXTS.muteLabel(handle)}
          className="btn-secondary px-3 py-1.5"
        >
          {isMuted ? FEDERATION_TEXTS.unmute : FEDERATION_TEXTS.mute}
        </BusyButton>
        <BusyButton
          type="button"
          busy={change.isPending && change.variables?.what === 'block'}
          onClick={() => change.mutate({ what: 'block', on: !isBlocked })}
          aria-label={isBlocked ? FEDERATION_TEXTS.unblockLabel(handle) : FEDERATION_TEXTS.blockLabel(handle)}
          className="btn-secondary px-3 py-1.5 text-red-700"
        >
          {isBlocked ? FEDERATION_TEXTS.unblock : FEDERATION_TEXTS.block}
        </BusyButton>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {status}
      </p>
      {change.error && <ErrorBox>{serverMessageOr(change.error, FEDERATION_TEXTS.restrictFailed)}</ErrorBox>}
    </div>
  );
}
