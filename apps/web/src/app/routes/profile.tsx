import { USER_MESSAGES } from '@pathwise/contract';
import { Navigate, useParams } from 'react-router';
import { ErrorBox } from '../../components/callout';
import { type TabItem, Tabs } from '../../components/tabs';
import { ActivityTab } from '../../features/activity';
import { LearningCalendar } from '../../features/analytics';
import { UserGroups } from '../../features/groups';
import { UserPlans } from '../../features/plans';
import { UserPosts } from '../../features/posts';
import { ProfileByHandle, type ProfileSectionProps, ProfileView } from '../../features/users';
import { useViewer } from '../../lib/auth/auth-context';
import { NotFoundPage } from './not-found-page';

/** Route ids that stand for "my own profile", e.g. from a link built before the user was known. */
const OWN_PROFILE_IDS = new Set([undefined, 'undefined', 'edit']);

/** The users feature's header over the user's tabs. */
export function ProfilePage() {
  const { userId } = useParams();
  const me = useViewer();
  // Only a signed-in viewer reaches an id-less profile: a visitor's guard leads to sign-in.
  if (OWN_PROFILE_IDS.has(userId) && me) return <Navigate to={`/profile/${me.id}`} replace />;
  if (!/^[1-9]\d{0,14}$/.test(userId ?? '')) return <ErrorBox>{USER_MESSAGES.invalidId}</ErrorBox>;
  return <ProfileOf userId={Number(userId)} />;
}

/**
 * `/@handle`, a profile's canonical address (what Share copies). A one-segment path that does not
 * start with `@` is no page.
 */
export function HandleProfilePage() {
  const { handle = '' } = useParams();
  if (!/^@\w+$/.test(handle)) return <NotFoundPage />;
  return (
    <ProfileByHandle handle={handle.slice(1)}>
      {(profile) => <ProfileOf userId={profile.id} />}
    </ProfileByHandle>
  );
}

function ProfileOf({ userId }: { userId: number }) {
  const visitor = useViewer() === null;
  return (
    // Keyed by the id: moving to another profile starts from its first tab and page.
    <ProfileView key={userId} userId={userId}>
      {(section) => (
        <>
          <LearningCalendar userId={userId} />
          <Tabs tabs={profileTabs(userId, section, visitor)} />
        </>
      )}
    </ProfileView>
  );
}

/**
 * Only the selected tab is mounted, so switching tabs starts its list again from page 0. A visitor
 * gets no Activity or Groups tab: what people do and the groups they are in are shown to members only.
 */
function profileTabs(
  userId: number,
  { isOwnProfile, onPostDeleted }: ProfileSectionProps,
  visitor: boolean,
): TabItem[] {
  const tabs: TabItem[] = [
    {
      key: 'posts',
      label: 'Posts',
      panel: <UserPosts userId={userId} isOwnProfile={isOwnProfile} onPostDeleted={onPostDeleted} />,
    },
    {
      key: 'plans',
      label: 'Learning Plans',
      panel: <UserPlans userId={userId} isOwnProfile={isOwnProfile} />,
    },
  ];
  return visitor
    ? tabs
    : [
        ...tabs,
        { key: 'activity', label: 'Activity', panel: <ActivityTab userId={userId} /> },
        { key: 'groups', label: 'Groups', panel: <UserGroups userId={userId} /> },
      ];
}
