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

/** /settings: the account's settings (auth), then privacy, blocked and muted people (users). */
export function SettingsPage() {
  return (
    <>
      <AccountSettings />
      <Suspense fallback={<Loading />}>
        <SafetySettings />
      </Suspense>
    </>
  );
}
