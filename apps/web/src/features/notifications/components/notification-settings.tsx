import {
  DIGEST_CHOICE_LABELS,
  DIGEST_MESSAGES,
  NOTIFICATION_DIGESTS,
  NOTIFICATION_PREFERENCE_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationPreferencesChange,
  type NotificationStrangerRule,
} from '@pathwise/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { SettingsSection } from '../../../components/settings-section';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences-queries';

/** The section's heading id (SettingsSection), which the notifications page links to. */
export const NOTIFICATION_SETTINGS_ID = 'settings-notifications';

const STRANGER_CHOICES: { value: NotificationStrangerRule; label: string }[] = [
  { value: 'ALLOW', label: 'Allow' },
  { value: 'MUTE', label: 'Mute' },
];

function PreferencesForm({
  preferences,
  onChange,
}: {
  preferences: NotificationPreferences;
  onChange: (change: NotificationPreferencesChange) => void;
}) {
  return (
    <>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Which notifications reach you in the app and by e-mail</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Notification
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 text-right font-medium">
              In the app
            </th>
            <th scope="col" className="whitespace-nowrap py-2 text-right font-medium">
              By e-mail
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {NOTIFICATION_TYPES.map((type) => {
            const on = preferences.types[type].inApp;
            const mailed = preferences.types[type].email;
            return (
              <tr key={type}>
                <th scope="row" className="py-3 pr-3 font-normal text-slate-900">
                  {NOTIFICATION_TYPE_LABELS[type]}
                </th>
                <td className="py-3 pr-3 text-right">
                  <input
                    type="checkbox"
                    role="switch"
                    aria-label={`${NOTIFICATION_TYPE_LABELS[type]} in the app`}
                    aria-checked={on}
                    checked={on}
                    onChange={(event) => onChange({ types: { [type]: { inApp: event.target.checked } } })}
                    className="size-5 accent-indigo-600"
                  />
                </td>
                <td className="py-3 text-right">
                  <input
                    type="checkbox"
                    role="switch"
                    aria-label={`${NOTIFICATION_TYPE_LABELS[type]} by e-mail`}
                    aria-checked={mailed}
                    checked={mailed}
                    onChange={(event) => onChange({ types: { [type]: { email: event.target.checked } } })}
                    className="size-5 accent-indigo-600"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <fieldset className="space-y-2" aria-describedby="strangers-hint">
        <legend className="font-medium text-slate-900">From people you don't follow</legend>
        <p id="strangers-hint" className="text-sm text-slate-600">
          Muted, they make no notification at all: likes, comments, mentions and new followers from people you
          don't follow yet.
        </p>
        <div className="flex gap-6">
          {STRANGER_CHOICES.map(({ value, label }) => (
            <label key={value} className="flex items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="from-people-you-dont-follow"
                value={value}
                checked={preferences.fromPeopleYouDontFollow === value}
                onChange={() => onChange({ fromPeopleYouDontFollow: value })}
                className="size-4 accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2" aria-describedby="digest-hint">
        <legend className="font-medium text-slate-900">{DIGEST_MESSAGES.settingsLegend}</legend>
        <p id="digest-hint" className="text-sm text-slate-600">
          {DIGEST_MESSAGES.settingsHint}
        </p>
        <div className="flex flex-wrap gap-6">
          {NOTIFICATION_DIGESTS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="digest"
                value={value}
                checked={preferences.digest === value}
                onChange={() => onChange({ digest: value })}
                className="size-4 accent-indigo-600"
              />
              {DIGEST_CHOICE_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/**
 * Settings: which notifications reach the person in the app and in the e-mail digest, how often the
 * digest comes, and whether people they don't follow reach them at all. Each change is saved at once;
 * push shows here once it is sent.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [saved, setSaved] = useState(false);
  const { hash } = useLocation();
  const loaded = preferences.data !== undefined;

  // The section arrives after the page: the browser's jump to it (the notifications page's link) comes now.
  useEffect(() => {
    if (loaded && hash === `#${NOTIFICATION_SETTINGS_ID}`)
      document.getElementById(NOTIFICATION_SETTINGS_ID)?.scrollIntoView();
  }, [loaded, hash]);

  const change = (update: NotificationPreferencesChange) => {
    setSaved(false);
    save.mutate(update, { onSuccess: () => setSaved(true) });
  };

  return (
    <SettingsSection title="Notifications">
      <p className="text-sm text-slate-600">
        What you turn off here is not made at all: it does not reach the bell or the notifications page.
      </p>
      {preferences.isPending ? (
        <Loading label="Loading your notification settings..." compact />
      ) : !preferences.data ? (
        <ErrorWithRetry onRetry={() => void preferences.refetch()}>
          {NOTIFICATION_PREFERENCE_MESSAGES.loadFailed}
        </ErrorWithRetry>
      ) : (
        <PreferencesForm preferences={preferences.data} onChange={change} />
      )}
      {/* Always there, so that screen readers announce the confirmation when it comes. */}
      <p role="status" className="text-sm text-emerald-700">
        {saved && !save.isPending ? `${NOTIFICATION_PREFERENCE_MESSAGES.saved}.` : ''}
      </p>
      {save.isError && (
        <ErrorBox title={NOTIFICATION_PREFERENCE_MESSAGES.saveFailed}>{save.error.message}</ErrorBox>
      )}
    </SettingsSection>
  );
}
