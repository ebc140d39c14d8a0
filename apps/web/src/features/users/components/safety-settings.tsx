import type { RestrictedUser } from '@pathwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { PagedItems } from '../../../components/paged-items';
import { SettingsSection } from '../../../components/settings-section';
import type { Restriction } from '../api/safety-api';
import { usePrivacy, useRestrictedList, useSavePrivacy, useSetRestricted } from '../api/safety-queries';

function PrivacySection() {
  const privacy = usePrivacy();
  const save = useSavePrivacy();
  // Set in the click's own render, so the controlled checkbox shows the choice at once instead of
  // snapping back until the mutation's state arrives; a refusal puts the saved value back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = chosen ?? privacy.data?.showEmail;
  return (
    <SettingsSection title="Privacy">
      {privacy.isPending ? (
        <Loading />
      ) : !privacy.data ? (
        <ErrorWithRetry onRetry={() => privacy.refetch()}>
          Failed to load your privacy settings.
        </ErrorWithRetry>
      ) : (
        <>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-indigo-600"
              checked={checked ?? false}
              aria-describedby="show-email-hint"
              onChange={(event) => {
                if (save.isPending) return;
                const showEmail = event.target.checked;
                setChosen(showEmail);
                save.mutate({ showEmail }, { onError: () => setChosen(null) });
              }}
            />
            <span className="text-slate-900">Show my e-mail address to others</span>
          </label>
          <p id="show-email-hint" className="-mt-2 text-sm text-slate-600">
            Off unless you turn it on. When on, others see it on your profile; lists and search show your name
            and @handle, never your address.
          </p>
          {save.error && <ErrorBox>{`Failed to save: ${save.error.message}`}</ErrorBox>}
        </>
      )}
    </SettingsSection>
  );
}

const LISTS = {
  block: {
    title: 'Blocked people',
    empty: 'You have not blocked anyone.',
    undo: 'Unblock',
  },
  mute: { title: 'Muted people', empty: 'You have not muted anyone.', undo: 'Unmute' },
} as const;

function RestrictedRow({ user, kind }: { user: RestrictedUser; kind: Restriction }) {
  const undo = useSetRestricted(user.id, kind);
  return (
    <li className="flex items-center gap-3 py-3">
      <Link
        to={`/profile/${user.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:bg-slate-50"
      >
        <Avatar src={user.profilePicture} alt="" className="size-10" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{user.name}</span>
          <span className="block truncate text-sm text-slate-600">@{user.handle}</span>
        </span>
      </Link>
      <BusyButton
        type="button"
        className="btn-secondary shrink-0"
        busy={undo.isPending}
        aria-label={`${LISTS[kind].undo} ${user.name}`}
        onClick={() => undo.mutate(false)}
      >
        {LISTS[kind].undo}
      </BusyButton>
      {undo.error && <ErrorBox>{`Failed: ${undo.error.message}`}</ErrorBox>}
    </li>
  );
}

function RestrictedList({ kind }: { kind: Restriction }) {
  const list = useRestrictedList(kind);
  const { title, empty } = LISTS[kind];
  const failure = `Failed to load the ${title.toLowerCase()}.`;
  return (
    <SettingsSection title={title}>
      <PagedItems
        list={list}
        failure={<ErrorWithRetry onRetry={() => list.refetch()}>{failure}</ErrorWithRetry>}
        loadMoreFailure={failure}
      >
        {(users) =>
          users.length === 0 ? (
            <p className="text-sm text-slate-600">{empty}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {users.map((user) => (
                <RestrictedRow key={user.id} user={user} kind={kind} />
              ))}
            </ul>
          )
        }
      </PagedItems>
    </SettingsSection>
  );
}

/** The settings of what others see of you and whom you see: privacy, blocked and muted people. */
export function SafetySettings() {
  return (
    <div className="mx-auto mt-6 max-w-2xl space-y-6">
      <PrivacySection />
      <RestrictedList kind="block" />
      <RestrictedList kind="mute" />
    </div>
  );
}
