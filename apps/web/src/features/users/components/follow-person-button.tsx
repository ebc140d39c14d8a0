import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { failureMessage } from '../../../lib/api-client';
import { useFollowToggle } from '../api/queries';

type FollowPersonButtonProps = {
  person: { id: number; name: string };
  /** What the button shows; kept by the list it sits in, which `onFollowing` tells of every change. */
  following: boolean;
  onFollowing: (following: boolean) => void;
};

/** Follow/Unfollow next to someone in a list (people to follow): the profile's optimistic follow. */
export function FollowPersonButton({ person, following, onFollowing }: FollowPersonButtonProps) {
  const toggle = useFollowToggle(person, onFollowing);
  const action = following ? 'Unfollow' : 'Follow';
  return (
    <div className="flex flex-col items-end gap-1">
      <BusyButton
        type="button"
        onClick={() => toggle.mutate(!following)}
        busy={toggle.isPending}
        aria-label={`${action} ${person.name}`}
        className={`${following ? 'btn-secondary' : 'btn-primary'} px-3 py-1.5`}
      >
        {action}
      </BusyButton>
      {toggle.error && (
        <ErrorBox>{`Failed to follow/unfollow user: ${failureMessage(toggle.error)}`}</ErrorBox>
      )}
    </div>
  );
}
