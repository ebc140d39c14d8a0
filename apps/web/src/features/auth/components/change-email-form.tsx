import { CREDENTIAL_RULES } from '@pathwise/contract';
import { useState } from 'react';
import { SettingsSection } from '../../../components/settings-section';
import { TextField } from '../../../components/text-field';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import * as accountApi from '../api/account-api';
import { useCheckedForm } from '../use-checked-form';
import { HintedField, type Outcome, OutcomeBox, outcomeOf, SubmitButton } from './form-parts';

/** The current password is checked by the server: an account made by social sign-in has none. */
const EMAIL_FIELDS = { newEmail: CREDENTIAL_RULES.email };

/** Asks for a new address; it replaces the current one once the link mailed to it is opened. */
export function ChangeEmailForm() {
  const { email } = useSignedInUser();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { errors, isSubmitting, formProps } = useCheckedForm(EMAIL_FIELDS, async (values, form) => {
    setOutcome(null);
    const currentPassword = String(new FormData(form).get('currentPassword') ?? '');
    const result = await outcomeOf(
      () =>
        accountApi.changeEmail({ newEmail: values.newEmail, ...(currentPassword && { currentPassword }) }),
      { done: (response) => response.message, fallback: 'Failed to send the confirmation link' },
    );
    setOutcome(result);
    if (result && 'done' in result) form.reset();
  });
  return (
    <SettingsSection title="Change e-mail address">
      <OutcomeBox outcome={outcome} />
      <p className="text-sm text-slate-600">
        Your address is <span className="font-medium text-slate-900">{email}</span>. We send a link to the new
        address; it replaces this one when you open the link.
      </p>
      <form {...formProps} className="space-y-5">
        <TextField
          label="New e-mail address"
          name="newEmail"
          type="email"
          autoComplete="email"
          error={errors.newEmail}
        />
        <HintedField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hintId="email-current-password-hint"
          hint="Leave it empty if you signed up with a social account and have no password."
        />
        <SubmitButton isSubmitting={isSubmitting} label="Send confirmation link" />
      </form>
    </SettingsSection>
  );
}
