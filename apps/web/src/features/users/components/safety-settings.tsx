import type { PrivacySettings, RestrictedUser } from '@pathwise/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { PagedItems } from '../../../components/paged-items';
import { SettingsSection } from '../../../components/settings-section';
import { failureMessage } from '../../../lib/api-client';
import type { Restriction } from '../api/safety-api';
import { usePrivacy, useRestrictedList, useSavePrivacy, useSetRestricted } from '../api/safety-queries';
import { FediverseAddress } from './fediverse-address';

type PrivacyKey = keyof PrivacySettings;

/** One privacy choice, saved as soon as it is ticked; a refusal puts the saved value back. */
function PrivacyOption({
  setting,
  saved,
  label,
  hint,
}: {
  setting: PrivacyKey;
  saved: boolean;
  label: string;
  hint: string;
}) {
  const save = useSavePrivacy();
  // Set in the click's own render, so the controlled checkbox shows the choice at once instead of
  // snapping back until the mutation's state arrives.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const hintId = `${setting}-hint`;
  return (
    <>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-indigo-600"
          checked={chosen ?? saved}
          aria-describedby={hintId}
          onChange={(event) => {
            if (save.isPending) return;
            const on = event.target.checked;
            setChosen(on);
            save.mutate({ [setting]: on }, { onError: () => setChosen(null) });
          }}
        />
        <span className="text-slate-900">{label}</span>
      </label>
      <p id={hintId} className="-mt-2 text-sm text-slate-600">
        {hint}
      </p>
      {save.error && <ErrorBox>{`Failed to save: ${failureMessage(save.error)}`}</ErrorBox>}
    </>
  );
}

function PrivacySection() {
  const privacy = usePrivacy();
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
          <PrivacyOption
            setting="showEmail"
            saved={privacy.data.showEmail}
            label="Show my e-mail address to others"
            hint={
              'Off unless you turn it on. When on, others see it on your profile; lists and search show ' +
              'your name and @handle, never your address.'
            }
          />
          <PrivacyOption
            setting="showProfileToVisitors"
            saved={privacy.data.showProfileToVisitors}
            label="Show my profile to visitors"
            hint={
              'Off unless you turn it on. When this Pathwise lets people read without an account, they ' +
              'then see your profile, never your e-mail address. Your public posts and plans show under ' +
              'your name either way.'
            }
          />
          <PrivacyOption
            setting="showLearningCalendar"
            saved={privacy.data.showLearningCalendar}
            label="Show my learning calendar on my profile"
            hint={
              'Off unless you turn it on. You always see your own; when on, others see on your profile ' +
              'how much you learned each day of the last year, never on plans they cannot see.'
            }
          />
          <FediverseAddress shown={privacy.data.showProfileToVisitors} />
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
      {undo.error && <ErrorBox>{`Failed: ${failureMessage(undo.error)}`}</ErrorBox>}
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
