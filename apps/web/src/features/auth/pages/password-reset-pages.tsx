import { CREDENTIAL_RULES } from '@pathwise/contract';
import { type ComponentProps, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { TextField } from '../../../components/text-field';
import * as authApi from '../../../lib/auth/auth-api';
import { useDocumentTitle } from '../../../lib/document-title';
import { AuthScreen } from '../components/auth-screen';
import { type Outcome, OutcomeBox, outcomeOf, SubmitButton } from '../components/form-parts';
import { useCheckedForm } from '../use-checked-form';

const FORGOT_FIELDS = { email: CREDENTIAL_RULES.email };
const RESET_FIELDS = { password: CREDENTIAL_RULES.newPassword };

function OneFieldForm({
  formProps,
  field,
  isSubmitting,
  submitLabel,
}: {
  formProps: ComponentProps<'form'>;
  field: ComponentProps<typeof TextField>;
  isSubmitting: boolean;
  submitLabel: string;
}) {
  return (
    <form {...formProps} className="mt-6 space-y-5">
      <TextField {...field} />
      <SubmitButton isSubmitting={isSubmitting} label={submitLabel} className="btn-primary w-full py-2.5" />
    </form>
  );
}

const backToSignIn = (
  <p className="mt-6 text-center text-sm text-slate-600">
    <Link to="/login" className="text-link">
      Back to sign in
    </Link>
  </p>
);

export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { errors, isSubmitting, formProps } = useCheckedForm(FORGOT_FIELDS, async (values) => {
    setOutcome(null);
    setOutcome(
      await outcomeOf(() => authApi.forgotPassword(values), {
        done: (answer) => answer.message,
        fallback: 'Failed to send the reset link',
      }),
    );
  });
  return (
    <AuthScreen>
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">
        Reset your password
      </h1>
      <p className="mt-2 text-center text-sm text-slate-600">
        Enter the address you signed up with and we will e-mail you a link to choose a new password.
      </p>
      <div className="mt-6 empty:hidden">
        <OutcomeBox outcome={outcome} />
      </div>
      <OneFieldForm
        formProps={formProps}
        field={{
          label: 'Email address',
          name: 'email',
          type: 'email',
          autoComplete: 'email',
          error: errors.email,
        }}
        isSubmitting={isSubmitting}
        submitLabel="Send reset link"
      />
      {backToSignIn}
    </AuthScreen>
  );
}

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { errors, isSubmitting, formProps } = useCheckedForm(RESET_FIELDS, async (values) => {
    setOutcome(null);
    const request = () => authApi.resetPassword({ token: token ?? '', password: values.password });
    setOutcome(
      await outcomeOf(request, {
        done: (answer) => answer.message,
        fallback: 'Failed to change the password',
      }),
    );
  });
  const done = outcome !== null && 'done' in outcome;
  return (
    <AuthScreen>
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">
        Choose a new password
      </h1>
      {token ? (
        <>
          <div className="mt-6 empty:hidden">
            <OutcomeBox outcome={outcome} />
          </div>
          {done ? (
            <p className="mt-6 text-center">
              <Link to="/login" className="btn-primary w-full py-2.5">
                Sign in
              </Link>
            </p>
          ) : (
            <OneFieldForm
              formProps={formProps}
              field={{
                label: 'New password',
                name: 'password',
                type: 'password',
                autoComplete: 'new-password',
                error: errors.password,
              }}
              isSubmitting={isSubmitting}
              submitLabel="Set new password"
            />
          )}
        </>
      ) : (
        <div className="mt-6">
          <ErrorBox>
            This reset link is incomplete. Please use the whole link from the e-mail, or{' '}
            <Link to="/forgot-password" className="text-link">
              ask for a new one
            </Link>
            .
          </ErrorBox>
        </div>
      )}
      {backToSignIn}
    </AuthScreen>
  );
}
