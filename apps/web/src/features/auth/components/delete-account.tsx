import { type FormEvent, useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { SettingsSection } from '../../../components/settings-section';
import { TextField } from '../../../components/text-field';
import { useConfirm } from '../../../components/use-confirm';
import { serverMessageOr } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import * as accountApi from '../api/account-api';
import { HintedField, SubmitButton } from './form-parts';

/** Where a deleted account's person lands: the sign-in page, which says the account is gone. */
export const ACCOUNT_DELETED_URL = '/login?deleted=true';

export function DeleteAccount() {
  const { endSession } = useAuth();
  const [confirm, dialog] = useConfirm();
  const [isDeleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const email = String(data.get('email') ?? '').trim();
    setFailure(null);
    const confirmed = await confirm({
      title: 'Delete your account?',
      message:
        'Your profile, posts, comments, learning plans, progress, likes, follows, saved items, ' +
        'notifications ' +
        'and uploaded files will be deleted for good. This cannot be undone.',
      confirmLabel: 'Delete my account',
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      await accountApi.deleteAccount({ ...(password && { password }), ...(email && { email }) });
      endSession(ACCOUNT_DELETED_URL);
    } catch (error) {
      setFailure(serverMessageOr(error, 'Failed to delete the account'));
      setDeleting(false);
    }
  };

  return (
    <SettingsSection title="Delete account">
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <p className="text-sm text-slate-600">
        Deletes your account and everything you made. Download your data first if you want to keep it.
      </p>
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField label="Password" name="password" type="password" autoComplete="current-password" />
        <HintedField
          label="Your e-mail address, if you have no password"
          name="email"
          type="email"
          autoComplete="off"
          hintId="delete-email-hint"
          hint={
            'Signed up with a social account and never set a password? Type your e-mail address to ' +
            'confirm.'
          }
        />
        <SubmitButton isSubmitting={isDeleting} label="Delete my account" className="btn-danger" />
      </form>
      {dialog}
    </SettingsSection>
  );
}
