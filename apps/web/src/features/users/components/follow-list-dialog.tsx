import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { CloseIcon } from '../../../components/icons';
import { PagedItems } from '../../../components/paged-items';
import { useFollowList } from '../api/queries';
import type { FollowDirection } from '../api/users-api';

const TITLES: Record<FollowDirection, string> = { followers: 'Followers', following: 'Following' };

type FollowListDialogProps = {
  userId: number;
  /** The list shown, or null while the dialog is closed. */
  direction: FollowDirection | null;
  onClose: () => void;
};

/** The people who follow a user, or whom they follow, page by page, each linking to their profile. */
export function FollowListDialog({ userId, direction, onClose }: FollowListDialogProps) {
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
