import { lazy, Suspense } from 'react';
import { Loading } from '../../components/loading';
import { SettingsPage as AccountSettings } from '../../features/auth/pages/settings-page';

// Fetched alongside, so the account's settings show without waiting for the users feature's code.
const SafetySettings = lazy(() =>
  import('../../features/users').then((module) => ({ default: module.SafetySettings })),
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
