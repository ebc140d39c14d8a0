import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { RemoteFollower } from '@pathwise/contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { CloseIcon } from '../../../components/icons';
import { PagedItems } from '../../../components/paged-items';
import { useConfirm } from '../../../components/use-confirm';
import { serverMessageOr, UNREACHABLE_MESSAGE } from '../../../lib/api-client';
import { useFollowList, useRemoteFollowers, useRemoveRemoteFollower } from '../api/queries';
import type { FollowDirection } from '../api/users-api';

const TITLES: Record<FollowDirection, string> = { followers: 'Followers', following: 'Following' };

type FollowListDialogProps = {
  userId: number;
  /** The list shown, or null while the dialog is closed. */
  direction: FollowDirection | null;
  onClose: () => void;
  /** The signed-in person's own lists: they may remove their followers elsewhere. */
  isOwn?: boolean;
};

/** The people who follow a user, or whom they follow, page by page, each linking to their profile. */
export function FollowListDialog({ userId, direction, onClose, isOwn = false }: FollowListDialogProps) {
  return (
    <Dialog open={direction !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[85dvh] w-full max-w-md flex-col rounded-t-2xl bg-white shadow-xl sm:rounded-2xl">
          {direction && (
            <>
              <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
                <DialogTitle className="text-lg font-semibold text-slate-900">
                  {TITLES[direction]}
                </DialogTitle>
                <button
                  type="button"
                  onClick={onClose}
                  aria-label="Close"
                  className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
                >
                  <CloseIcon />
                </button>
              </div>
              <div className="overflow-y-auto px-5 py-3">
                <FollowList userId={userId} direction={direction} onNavigate={onClose} />
                {direction === 'followers' && <RemoteFollowerList userId={userId} removable={isOwn} />}
              </div>
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

type FollowListProps = { userId: number; direction: FollowDirection; onNavigate: () => void };

function FollowList({ userId, direction, onNavigate }: FollowListProps) {
  const list = useFollowList(userId, direction);
  const failure = `Failed to load ${direction}. Please try again later.`;

  return (
    <PagedItems
      list={list}
      failure={<ErrorWithRetry onRetry={() => list.refetch()}>{failure}</ErrorWithRetry>}
      loadMoreFailure={failure}
    >
      {(users) =>
        users.length === 0 ? (
          <p className="py-8 text-center text-slate-600">{`No ${direction} found`}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {users.map((user) => (
              <li key={user.id}>
                <Link
                  to={`/profile/${user.id}`}
                  onClick={onNavigate}
                  className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
                >
                  <Avatar src={user.profilePicture} alt="" className="size-10" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{user.name}</span>
                    <span className="block truncate text-sm text-slate-600">@{user.handle}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </PagedItems>
  );
}

/**
 * Who follows the user from other servers, under the followers: each handle links to their profile
 * there (a new tab, not vouched for), their picture fetched without a referrer. Nothing until someone
 * elsewhere follows them. On one's own list each has Remove: after asking, their follow ends (their
 * server is told), the row goes, a polite status says so and focus moves to the list's heading.
 */
function RemoteFollowerList({ userId, removable }: { userId: number; removable: boolean }) {
  const list = useRemoteFollowers(userId);
  // Here rather than in each row: the row is gone by the time the removal's outcome arrives.
  const remove = useRemoveRemoteFollower(userId);
  const [confirm, confirmDialog] = useConfirm();
  const [removed, setRemoved] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const failure = 'Failed to load followers elsewhere. Please try again later.';
  if (list.isError && !list.data)
    return (
      <div className="mt-4">
        <ErrorWithRetry onRetry={() => list.refetch()}>{failure}</ErrorWithRetry>
      </div>
    );
  // Kept after the last one is removed, so the status saying so is heard.
  if (!list.data?.pages[0]?.totalElements && !removed) return null;

  const askAndRemove = async (follower: RemoteFollower) => {
    const confirmed = await confirm({
      title: 'Remove this follower?',
      message:
        `${follower.handle} will stop following you, and their server is told. ` +
        'They can follow you again.',
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    remove.mutate(follower, {
      onSuccess: () => {
        setRemoved(`${follower.handle} no longer follows you.`);
        heading.current?.focus();
      },
    });
  };
  const removing = (follower: RemoteFollower) => remove.variables?.id === follower.id;

  return (
    <section aria-labelledby="followers-elsewhere" className="mt-4 border-t border-slate-100 pt-3">
      <h3
        id="followers-elsewhere"
        ref={heading}
        tabIndex={-1}
        className="px-2 text-sm font-semibold text-slate-700 focus:outline-none"
      >
        Followers elsewhere
      </h3>
      {removable && (
        <p role="status" className="px-2 text-sm text-emerald-700">
          {removed}
        </p>
      )}
      <PagedItems list={list} failure={null} loadMoreFailure={failure}>
        {(followers) => (
          <ul className="divide-y divide-slate-100">
            {followers.map((follower) => (
              <li key={follower.id} className="py-1">
                <div className="flex items-center gap-2">
                  <a
                    href={follower.url}
                    target="_blank"
                    rel="nofollow noopener noreferrer"
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50"
                  >
                    <Avatar src={follower.profilePicture} alt="" className="size-10" remote />
                    <span className="min-w-0">
                      {follower.name && (
                        <span className="block truncate font-medium text-slate-900">{follower.name}</span>
                      )}
                      <span className="block truncate text-sm text-slate-600">{follower.handle}</span>
                      <span className="sr-only"> (opens in a new tab)</span>
                    </span>
                  </a>
                  {removable && (
                    <BusyButton
                      type="button"
                      className="btn-secondary shrink-0 px-3 py-1.5 text-sm"
                      busy={remove.isPending && removing(follower)}
                      aria-label={`Remove ${follower.handle} from your followers`}
                      onClick={() => void askAndRemove(follower)}
                    >
                      Remove
                    </BusyButton>
                  )}
                </div>
                {remove.isError && removing(follower) && (
                  <ErrorBox>
                    {`${follower.handle} could not be removed. `}
                    {serverMessageOr(remove.error, UNREACHABLE_MESSAGE)}
                  </ErrorBox>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
      {confirmDialog}
    </section>
  );
}
