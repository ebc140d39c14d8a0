import { USER_MESSAGES } from '@pathwise/contract';
import { type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePatchProfile, useProfile } from '../api/queries';
import { ProfileHeader } from './profile-header';

/** What the sections under the header (the tabs) need to know. */
export type ProfileSectionProps = {
  isOwnProfile: boolean;
  /** Call after one of the user's posts was deleted: the posts count drops by one, never below 0. */
  onPostDeleted: () => void;
};

type ProfileViewProps = {
  userId: number;
  children: (section: ProfileSectionProps) => ReactNode;
};

/** A user's profile header with its loading, error and not-found states, and the sections under it. */
export function ProfileView({ userId, children }: ProfileViewProps) {
  const me = useSignedInUser();
  const isOwnProfile = userId === me.id;
  const profile = useProfile(userId);
  useDocumentTitle(profile.data?.name ?? 'Profile');
  const patchProfile = usePatchProfile(userId);
  const onPostDeleted = useCallback(
    () => patchProfile((current) => ({ postsCount: Math.max(0, current.postsCount - 1) })),
    [patchProfile],
  );
  const retry = () => profile.refetch();
  const sections = children({ isOwnProfile, onPostDeleted });

  if (profile.data) {
    return (
      <div className="space-y-6">
        <ProfileHeader profile={profile.data} isOwnProfile={isOwnProfile} />
        {sections}
      </div>
    );
  }
  if (profile.isFetching) return <Loading />;
  if (profile.error instanceof ApiError && profile.error.status === 404) {
    return <ProfileNotFound onRetry={retry} />;
  }

  const failure = (
    <ErrorWithRetry onRetry={retry}>{`Failed to load profile: ${profile.error?.message}`}</ErrorWithRetry>
  );
  if (!isOwnProfile) return failure;
  // On your own profile, the signed-in user's data stands in for the answer that failed.
  return (
    <div className="space-y-6">
      {failure}
      <ProfileHeader profile={me} isOwnProfile />
      {sections}
    </div>
  );
}

function ProfileNotFound({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{USER_MESSAGES.notFound}</h1>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to Home
        </Link>
        <button type="button" onClick={onRetry} className="btn-secondary">
          Retry
        </button>
      </div>
    </section>
  );
}
