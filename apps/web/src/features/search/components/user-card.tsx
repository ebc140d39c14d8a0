import type { UserSearchItem } from '@pathwise/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';

/** Picture, name, bio ('No bio available' if empty) and 'View Profile'. */
export function UserCard({ user }: { user: UserSearchItem }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Avatar src={user.profilePicture} alt="" className="size-12" />
      <div className="min-w-0 flex-1">
        <h3 id={nameId} className="truncate font-semibold text-slate-900">
          {user.name}
        </h3>
        <p className="truncate text-sm text-slate-600">@{user.handle}</p>
        <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600">
          {user.bio.trim() || 'No bio available'}
        </p>
        <Link to={`/profile/${user.id}`} className="text-link mt-2 inline-block text-sm">
          View Profile
        </Link>
      </div>
    </article>
  );
}
