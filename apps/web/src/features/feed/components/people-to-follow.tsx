import { FEED_MESSAGES } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { type ShownSuggestion, useSuggestions } from '../api/queries';
import { SmallStatus } from './small-status';

/** The Follow button, from the users feature: put in by the page. */
export type RenderFollow = (
  person: ShownSuggestion,
  following: boolean,
  onFollowing: (following: boolean) => void,
) => ReactNode;

const followersLabel = (count: number) => `${count} ${count === 1 ? 'follower' : 'followers'}`;

/** People the viewer may want to follow (docs/features.md, "Following"), each with a Follow button. */
export function PeopleToFollow({ renderFollow }: { renderFollow: RenderFollow }) {
  const { query, setFollowing } = useSuggestions();
  if (query.isPending) return <SmallStatus>Loading suggestions...</SmallStatus>;
  if (!query.data)
    return (
      <ErrorWithRetry onRetry={() => void query.refetch()}>{FEED_MESSAGES.suggestionsFailed}</ErrorWithRetry>
    );
  if (query.data.length === 0) return <p className="text-sm text-slate-600">{FEED_MESSAGES.noSuggestions}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {query.data.map((person) => (
        <li key={person.id} className="flex items-center gap-3 py-3">
          <Link
            to={`/profile/${person.id}`}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:text-indigo-700"
          >
            <Avatar src={person.profilePicture} alt="" className="size-10" />
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900">{person.name}</span>
              <span className="block truncate text-sm text-slate-600">
                @{person.handle} · {followersLabel(person.followersCount)}
              </span>
            </span>
          </Link>
          {renderFollow(person, person.following ?? false, (following) => setFollowing(person.id, following))}
        </li>
      ))}
    </ul>
  );
}
