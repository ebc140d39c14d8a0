import { SettingsPage as AccountSettings } from '../../features/auth/pages/settings-page';
import { SafetySettings } from '../../features/users';

/** /settings: the account's settings (auth), then privacy, blocked and muted people (users). */
export function SettingsPage() {
  return (
    <>
      <AccountSettings />
      <SafetySettings />
    </>
  );
}
