import { AUTH_MESSAGES, CREDENTIAL_RULES, type TokenResponse } from '@pathwise/contract';
import { useState } from 'react';
import { SettingsSection } from '../../../components/settings-section';
import { TextField } from '../../../components/text-field';
import * as authApi from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { ChangeEmailForm } from '../components/change-email-form';
import { DeleteAccount } from '../components/delete-account';
import { DownloadMyData } from '../components/download-my-data';
import { HintedField, type Outcome, OutcomeBox, outcomeOf, SubmitButton } from '../components/form-parts';
import { useCheckedForm } from '../use-checked-form';

/** The current password is checked by the server: an account made by social sign-in has none. */
const PASSWORD_FIELDS = { newPassword: CREDENTIAL_RULES.newPassword };

/** Runs a request that ends the other sessions: this device keeps the new token it answers. */
function useSessionEnding(fallback: string, done: string) {
  const { renewSession } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (request: () => Promise<TokenResponse>) => {
    setOutcome(null);
    const result = await outcomeOf(request, {
      done: ({ accessToken }) => {
        renewSession(accessToken);
        return done;
      },
      fallback,
    });
    setOutcome(result);
    return result !== null && 'done' in result;
  };
  return { outcome, run };
}

function ChangePasswordForm() {
  const { outcome, run } = useSessionEnding('Failed to change the password', AUTH_MESSAGES.passwordChanged);
  const { errors, isSubmitting, formProps } = useCheckedForm(PASSWORD_FIELDS, async (values, form) => {
    const currentPassword = String(new FormData(form).get('currentPassword') ?? '');
    const changed = await run(() =>
      authApi.changePassword({
        ...(currentPassword && { currentPassword }),
        newPassword: values.newPassword,
      }),
    );
    if (changed) form.reset();
  });
  return (
    <SettingsSection title="Change password">
      <OutcomeBox outcome={outcome} />
      <form {...formProps} className="space-y-5">
        <HintedField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hintId="current-password-hint"
          hint="Leave it empty if you signed up with a social account and have no password yet."
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <SubmitButton isSubmitting={isSubmitting} label="Change password" />
      </form>
    </SettingsSection>
  );
}

function SignOutEverywhere() {
  const { outcome, run } = useSessionEnding(
    'Failed to sign out the other devices',
    AUTH_MESSAGES.signedOutEverywhere,
  );
  const [isSubmitting, setSubmitting] = useState(false);
  const signOut = async () => {
    setSubmitting(true);
    await run(authApi.signOutEverywhere);
    setSubmitting(false);
  };
  return (
    <SettingsSection title="Sessions">
      <OutcomeBox outcome={outcome} />
      <p className="text-sm text-slate-600">
        Signed in on a device you no longer use, or a shared computer? End every session but this one.
      </p>
      <SubmitButton
        type="button"
        onClick={signOut}
        isSubmitting={isSubmitting}
        label="Sign out everywhere"
        className="btn-secondary"
      />
    </SettingsSection>
  );
}

export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
      <ChangePasswordForm />
      <ChangeEmailForm />
      <SignOutEverywhere />
      <DownloadMyData />
      <DeleteAccount />
    </div>
  );
}
