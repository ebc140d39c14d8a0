import type { UserProfile } from '@pathwise/contract';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { failureMessage } from '../../../lib/api-client';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useFollowToggle } from '../api/queries';

/** Follow/Unfollow on someone else's profile; never rendered on your own. */
export function FollowButton({ profile }: { profile: UserProfile }) {
  const toggle = useFollowToggle(profile);
  const signInFirst = useSignInFirst();
  const following = profile.isCurrentUserFollowing;
  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <BusyButton
        type="button"
        onClick={signInFirst(() => toggle.mutate(!following))}
        busy={toggle.isPending}
        className={following ? 'btn-secondary' : 'btn-primary'}
      >
        {following ? 'Unfollow' : 'Follow'}
      </BusyButton>
      {toggle.error && (
        <ErrorBox>{`Failed to follow/unfollow user: ${failureMessage(toggle.error)}`}</ErrorBox>
      )}
    </div>
  );
}
