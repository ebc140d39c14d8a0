import { lazy, Suspense } from 'react';
import { Loading } from '../../components/loading';
import { SettingsPage as AccountSettings } from '../../features/auth/pages/settings-page';

// Fetched alongside, as the router fetches pages: the account's settings show without waiting for it,
// and the rest of the users feature (profiles) is not fetched for it.
const SafetySettings = lazy(() =>
  import('../../features/users/components/safety-settings').then((module) => ({
    default: module.SafetySettings,
  })),
);

const NotificationSettings = lazy(() =>
  import('../../features/notifications/components/notification-settings').then((module) => ({
    default: module.NotificationSettings,
  })),
);

/**
 * /settings: the account's settings (auth), which notifications reach you (notifications), then
 * privacy, blocked and muted people (users).
 */
export function SettingsPage() {
  return (
    <>
      <AccountSettings />
      <div className="mx-auto mt-6 max-w-2xl">
        <Suspense fallback={<Loading />}>
          <NotificationSettings />
        </Suspense>
      </div>
      <Suspense fallback={<Loading />}>
        <SafetySettings />
      </Suspense>
    </>
  );
}
