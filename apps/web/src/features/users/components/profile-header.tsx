import { profileFeedPath, SITE_TEXTS, SUSPENSION_MESSAGES, type UserProfile } from '@pathwise/contract';
import { format, isValid } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { FeedLink } from '../../../components/feed-link';
import { ReportButton } from '../../../components/report-button';
import { ShareButton } from '../../../components/share-button';
import { SuspendAccountButton } from '../../../components/suspend-account-button';
import { useAuth } from '../../../lib/auth/auth-context';
import { useIsVisitor } from '../../../lib/visitor-gate';
import type { FollowDirection } from '../api/users-api';
import { FollowButton } from './follow-button';
import { FollowListDialog } from './follow-list-dialog';
import { ProfileActionsMenu } from './profile-actions-menu';

type ProfileHeaderProps = { profile: UserProfile; isOwnProfile: boolean };

/** Who the user is, their counts, and Edit Profile or Follow/Unfollow. */
export function ProfileHeader({ profile, isOwnProfile }: ProfileHeaderProps) {
  const [openList, setOpenList] = useState<FollowDirection | null>(null);
  const isModerator = useAuth().user?.isModerator ?? false;
  // A visitor may not open the follower lists (members only): the counts show as plain figures.
  const visitor = useIsVisitor();
  const memberSince = new Date(profile.createdAt);

  return (
    <section
      aria-labelledby="profile-name"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar src={profile.profilePicture} alt={profile.name} className="size-28 sm:size-36" />
        <div className="w-full min-w-0 flex-1">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h1
                id="profile-name"
                className="text-2xl font-semibold tracking-tight break-words text-slate-900"
              >
                {profile.name}
              </h1>
              <p className="text-sm break-all text-slate-500">@{profile.handle}</p>
              {profile.bio && (
                <p className="mt-2 whitespace-pre-line break-words text-slate-700">{profile.bio}</p>
              )}
              {profile.location && (
                <p className="mt-1 text-sm break-words text-slate-600">
                  <span className="sr-only">Location: </span>
                  {profile.location}
                </p>
              )}
              {profile.suspended && (
                <p className="mt-2 text-sm font-medium text-red-700">
                  {SUSPENSION_MESSAGES.profileSuspended}
                </p>
              )}
              {profile.isBlocked && (
                <p className="mt-2 text-sm font-medium text-red-700">
                  You blocked {profile.name}: you do not see each other's posts and plans.
                </p>
              )}
              {isValid(memberSince) && (
                <p className="mt-1 text-sm text-slate-500">Member since {format(memberSince, 'MMMM yyyy')}</p>
              )}
            </div>
            {isOwnProfile ? (
              <div className="flex shrink-0 flex-col items-stretch gap-2 sm:flex-row sm:items-start">
                <Link to="/profile/edit" className="btn-secondary">
                  Edit Profile
                </Link>
                <ShareButton path={`/@${profile.handle}`} title={profile.name} />
                <ProfileFeedLink profile={profile} />
              </div>
            ) : (
              <div className="flex shrink-0 flex-col items-stretch gap-2 sm:flex-row sm:items-start">
                {!profile.isBlocked && !profile.suspended && <FollowButton profile={profile} />}
                {!profile.suspended && (
                  <ReportButton target={{ type: 'USER', id: profile.id, label: profile.name }} />
                )}
                {!profile.suspended && <ShareButton path={`/@${profile.handle}`} title={profile.name} />}
                <ProfileFeedLink profile={profile} />
                {!visitor && <ProfileActionsMenu profile={profile} />}
                {isModerator && (
                  <SuspendAccountButton
                    userId={profile.id}
                    name={profile.name}
                    suspended={profile.suspended}
                  />
                )}
              </div>
            )}
          </div>
          <ul className="mt-5 flex justify-center gap-2 text-sm sm:justify-start">
            <li className="px-2 py-1">
              <span className="font-semibold text-slate-900">{profile.postsCount}</span>{' '}
              <span className="text-slate-600">Posts</span>
            </li>
            <li>
              <CountButton
                count={profile.followersCount}
                label="Followers"
                onClick={visitor ? undefined : () => setOpenList('followers')}
              />
            </li>
            <li>
              <CountButton
                count={profile.followingCount}
                label="Following"
                onClick={visitor ? undefined : () => setOpenList('following')}
              />
            </li>
          </ul>
        </div>
      </div>
      <FollowListDialog
        userId={profile.id}
        direction={openList}
        onClose={() => setOpenList(null)}
        isOwn={isOwnProfile}
      />
    </section>
  );
}

/** A count opening its list; without `onClick` (a visitor), the figure alone. */
function CountButton({ count, label, onClick }: { count: number; label: string; onClick?: () => void }) {
  if (!onClick) {
    return (
      <span className="block px-2 py-1">
        <span className="font-semibold text-slate-900">{count}</span>{' '}
        <span className="text-slate-600">{label}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className="rounded-lg px-2 py-1 hover:bg-indigo-50"
    >
      <span className="font-semibold text-slate-900">{count}</span>{' '}
      <span className="text-slate-600">{label}</span>
    </button>
  );
}

/** The person's feed, shown only when it exists (`hasFeed`). */
function ProfileFeedLink({ profile }: { profile: Pick<UserProfile, 'name' | 'handle' | 'hasFeed'> }) {
  if (!profile.hasFeed) return null;
  return <FeedLink href={profileFeedPath(profile.handle)} label={SITE_TEXTS.feedLinkLabel(profile.name)} />;
}
