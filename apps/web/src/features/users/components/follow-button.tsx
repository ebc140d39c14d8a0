import type { UserProfile } from '@pathwise/contract';
import { ErrorBox } from '../../../components/callout';
import { useFollowToggle } from '../api/queries';

/** Follow/Unfollow on someone else's profile (spec §2, §4); never rendered on your own. */
export function FollowButton({ profile }: { profile: UserProfile }) {
  const toggle = useFollowToggle(profile);
  const following = profile.isCurrentUserFollowing;
  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <button
        type="button"
        onClick={() => toggle.mutate(!following)}
        disabled={toggle.isPending}
        className={following ? 'btn-secondary' : 'btn-primary'}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
      {toggle.error && <ErrorBox>{`Failed to follow/unfollow user: ${toggle.error.message}`}</ErrorBox>}
    </div>
  );
}
