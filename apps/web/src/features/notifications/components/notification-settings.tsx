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
  type QuietHours,
} from '@pathwise/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { SettingsSection } from '../../../components/settings-section';
import { failureMessage } from '../../../lib/api-client';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences-queries';
import { PushDevices } from './push-devices';

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
        <caption className="sr-only">Which notifications reach you in the app, by push and by e-mail</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Notification
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 text-right font-medium">
              In the app
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 text-right font-medium">
              Push
            </th>
            <th scope="col" className="whitespace-nowrap py-2 text-right font-medium">
              By e-mail
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {NOTIFICATION_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row" className="py-3 pr-3 font-normal text-slate-900">
                {NOTIFICATION_TYPE_LABELS[type]}
              </th>
              {CHANNELS.map(({ channel, label }) => {
                const on = preferences.types[type][channel];
                return (
                  <td key={channel} className="py-3 pr-3 text-right last:pr-0">
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label={`${NOTIFICATION_TYPE_LABELS[type]} ${label}`}
                      aria-checked={on}
                      checked={on}
                      onChange={(event) =>
                        onChange({ types: { [type]: { [channel]: event.target.checked } } })
                      }
                      className="size-5 accent-indigo-600"
                    />
                  </td>
                );
              })}
            </tr>
          ))}
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
      <QuietHoursFields quietHours={preferences.quietHours} onChange={onChange} />
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

const CHANNELS = [
  { channel: 'inApp', label: 'in the app' },
  { channel: 'push', label: 'by push' },
  { channel: 'email', label: 'by e-mail' },
] as const;

/** The browser's own time zone, which quiet hours start in. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const timeZones = () => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(browserTimeZone()) ? zones : [browserTimeZone(), ...zones];
};

/** Quiet hours: no push from the start to the end, in the chosen time zone; the app still shows all. */
function QuietHoursFields({
  quietHours,
  onChange,
}: {
  quietHours: QuietHours | null;
  onChange: (change: NotificationPreferencesChange) => void;
}) {
  const set = (change: Partial<QuietHours>) =>
    quietHours && onChange({ quietHours: { ...quietHours, ...change } });
  return (
    <fieldset className="space-y-2" aria-describedby="quiet-hours-hint">
      <legend className="font-medium text-slate-900">Quiet hours</legend>
      <p id="quiet-hours-hint" className="text-sm text-slate-600">
        No push during them: what comes meanwhile is in the app at once and pushed when they end.
      </p>
      <label className="flex items-center gap-2 text-slate-900">
        <input
          type="checkbox"
          role="switch"
          aria-checked={quietHours !== null}
          checked={quietHours !== null}
          onChange={(event) =>
            onChange({
              quietHours: event.target.checked
                ? { start: '22:00', end: '07:00', timeZone: browserTimeZone() }
                : null,
            })
          }
          className="size-5 accent-indigo-600"
        />
        Quiet hours
      </label>
      {quietHours && (
        <div className="flex flex-wrap items-end gap-4">
          <label className="flex flex-col text-sm text-slate-700">
            From
            <input
              type="time"
              value={quietHours.start}
              required
              onChange={(event) => event.target.value && set({ start: event.target.value })}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-slate-900"
            />
          </label>
          <label className="flex flex-col text-sm text-slate-700">
            To
            <input
              type="time"
              value={quietHours.end}
              required
              onChange={(event) => event.target.value && set({ end: event.target.value })}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-slate-900"
            />
          </label>
          <label className="flex min-w-0 flex-col text-sm text-slate-700">
            Time zone
            <select
              value={quietHours.timeZone}
              onChange={(event) => set({ timeZone: event.target.value })}
              className="mt-1 max-w-full rounded-md border border-slate-300 px-2 py-1 text-slate-900"
            >
              {timeZones().map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </fieldset>
  );
}

/**
 * Settings: which notifications reach the person in the app, by push and in the e-mail digest, how often
 * the digest comes, whether people they don't follow reach them at all, quiet hours, and the devices that
 * receive push. Each change is saved at once.
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
      <PushDevices />
      {/* Always there, so that screen readers announce the confirmation when it comes. */}
      <p role="status" className="text-sm text-emerald-700">
        {saved && !save.isPending ? `${NOTIFICATION_PREFERENCE_MESSAGES.saved}.` : ''}
      </p>
      {save.isError && (
        <ErrorBox title={NOTIFICATION_PREFERENCE_MESSAGES.saveFailed}>{failureMessage(save.error)}</ErrorBox>
      )}
    </SettingsSection>
  );
}
