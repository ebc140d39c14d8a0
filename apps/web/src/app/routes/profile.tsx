import { USER_MESSAGES } from '@pathwise/contract';
import { Navigate, useParams } from 'react-router';
import { ErrorBox } from '../../components/callout';
import { type TabItem, Tabs } from '../../components/tabs';
import { ActivityTab } from '../../features/activity';
import { UserPlans } from '../../features/plans';
import { UserPosts } from '../../features/posts';
import { type ProfileSectionProps, ProfileView } from '../../features/users';
import { useSignedInUser } from '../../lib/auth/auth-context';

/** Route ids that stand for "my own profile", e.g. from a link built before the user was known. */
const OWN_PROFILE_IDS = new Set([undefined, 'undefined', 'edit']);

/** The users feature's header over the user's tabs. */
export function ProfilePage() {
  const { userId } = useParams();
  const me = useSignedInUser();
  if (OWN_PROFILE_IDS.has(userId)) return <Navigate to={`/profile/${me.id}`} replace />;
  if (!/^[1-9]\d{0,14}$/.test(userId ?? '')) return <ErrorBox>{USER_MESSAGES.invalidId}</ErrorBox>;

  const id = Number(userId);
  return (
    // Keyed by the id: moving to another profile starts from its first tab and page.
    <ProfileView key={id} userId={id}>
      {(section) => <Tabs tabs={profileTabs(id, section)} />}
    </ProfileView>
  );
}

/** Only the selected tab is mounted, so switching tabs starts its list again from page 0. */
function profileTabs(userId: number, { isOwnProfile, onPostDeleted }: ProfileSectionProps): TabItem[] {
  return [
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
    { key: 'activity', label: 'Activity', panel: <ActivityTab userId={userId} /> },
  ];
}
