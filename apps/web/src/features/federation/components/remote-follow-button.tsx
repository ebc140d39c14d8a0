import type { RemoteAccount } from '@pathwise/contract';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { serverMessageOr } from '../../../lib/api-client';
import { useRemoteFollow } from '../api/queries';
import { FEDERATION_TEXTS } from '../federation-texts';

/**
 * Follow for someone on another server: "Requested" while their server has not accepted (clicking it
 * withdraws the request, as on Mastodon), "Unfollow" once it has. What changed is said in a polite
 * live region, since the button's new text alone is not announced.
 */
export function RemoteFollowButton({ account }: { account: RemoteAccount }) {
  const { followState, toggle } = useRemoteFollow(account);
  const { handle } = account;
  const following = followState === 'PENDING' || followState === 'ACCEPTED';
  const [text, label] =
    followState === 'PENDING'
      ? [FEDERATION_TEXTS.requested, FEDERATION_TEXTS.requestedLabel(handle)]
      : followState === 'ACCEPTED'
        ? [FEDERATION_TEXTS.unfollow, FEDERATION_TEXTS.unfollowLabel(handle)]
        : [FEDERATION_TEXTS.follow, FEDERATION_TEXTS.followLabel(handle)];
  const status =
    followState === 'PENDING'
      ? FEDERATION_TEXTS.pending(handle)
      : followState === 'ACCEPTED'
        ? FEDERATION_TEXTS.following(handle)
        : followState === 'REJECTED'
          ? FEDERATION_TEXTS.rejected(handle)
          : '';
  return (
    <div className="space-y-2">
      <BusyButton
        type="button"
        onClick={() => toggle.mutate(!following)}
        busy={toggle.isPending}
        aria-label={label}
        className={`${following ? 'btn-secondary' : 'btn-primary'} px-3 py-1.5`}
      >
        {text}
      </BusyButton>
      <p role="status" className="text-sm text-slate-600">
        {status}
      </p>
      {toggle.error && (
        <ErrorBox>
          {serverMessageOr(
            toggle.error,
            following ? FEDERATION_TEXTS.unfollowFailed : FEDERATION_TEXTS.followFailed,
          )}
        </ErrorBox>
      )}
    </div>
  );
}
