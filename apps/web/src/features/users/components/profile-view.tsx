import { USER_MESSAGES, type UserProfile, VISITOR_TEXTS } from '@pathwise/contract';
import { type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/auth-context';
import { useReturnHereState } from '../../../lib/auth/return-path';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePatchProfile, useProfile, useProfileByHandle } from '../api/queries';
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
  const me = useViewer();
  const isOwnProfile = userId === me?.id;
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
  if (!isOwnProfile || !me) return failure;
  // On your own profile, the signed-in user's data stands in for the response that failed.
  return (
    <div className="space-y-6">
      {failure}
      <ProfileHeader profile={me} isOwnProfile />
      {sections}
    </div>
  );
}

/**
 * The profile at `/@handle`: found by handle, then shown as at `/profile/{id}` (the response is kept as
 * that profile's, so it is not asked for twice).
 */
export function ProfileByHandle({
  handle,
  children,
}: {
  handle: string;
  children: (profile: UserProfile) => ReactNode;
}) {
  const profile = useProfileByHandle(handle);
  if (profile.data) return children(profile.data);
  if (profile.isFetching) return <Loading />;
  if (profile.error instanceof ApiError && [400, 404].includes(profile.error.status)) {
    return <ProfileNotFound onRetry={() => profile.refetch()} />;
  }
  return (
    <ErrorWithRetry onRetry={() => profile.refetch()}>
      {`Failed to load profile: ${profile.error?.message}`}
    </ErrorWithRetry>
  );
}

function ProfileNotFound({ onRetry }: { onRetry: () => void }) {
  // A visitor is not told whether the profile exists or is shown to members only: the same words.
  if (useViewer() === null) return <ProfileForMembers />;
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

function ProfileForMembers() {
  const back = useReturnHereState();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {VISITOR_TEXTS.profileForMembers}
      </h1>
      <p className="mt-2 text-slate-600">{VISITOR_TEXTS.profileForMembersHint}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/login" state={back} className="btn-primary">
          {VISITOR_TEXTS.signIn}
        </Link>
        <Link to="/signup" state={back} className="btn-secondary">
          {VISITOR_TEXTS.join}
        </Link>
      </div>
    </section>
  );
}
