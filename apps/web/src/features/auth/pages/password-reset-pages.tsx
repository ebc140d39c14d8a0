import { CREDENTIAL_RULES } from '@pathwise/contract';
import { type ComponentProps, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { Loading } from '../../../components/loading';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
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
        done: (response) => response.message,
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

/** Where a reset link stands: being checked, working, or refused with the server's reason. */
type LinkState = { checking: true } | { live: true } | { refused: string };

/**
 * Asks the server whether the link still works as soon as it is opened, so a used or expired link
 * says so before anyone types a new password. A check that fails for another reason (offline, a
 * server error) shows the form: setting the password checks the link again.
 */
function useResetLink(token: string | null): LinkState {
  const [state, setState] = useState<LinkState>({ checking: true });
  useEffect(() => {
    if (!token) return;
    setState({ checking: true });
    const request = new AbortController();
    authApi.checkResetLink(token, request.signal).then(
      () => setState({ live: true }),
      (error: unknown) => {
        if (request.signal.aborted) return;
        const refused = error instanceof ApiError && [403, 404, 410].includes(error.status);
        setState(refused ? { refused: error.message } : { live: true });
      },
    );
    return () => request.abort();
  }, [token]);
  return state;
}

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const link = useResetLink(token);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { errors, isSubmitting, formProps } = useCheckedForm(RESET_FIELDS, async (values) => {
    setOutcome(null);
    const request = () => authApi.resetPassword({ token: token ?? '', password: values.password });
    setOutcome(
      await outcomeOf(request, {
        done: (response) => response.message,
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
      {token && 'checking' in link && (
        <div className="mt-6">
          <Loading label="Checking your reset link…" />
        </div>
      )}
      {token && 'refused' in link && (
        <div className="mt-6 space-y-4">
          <ErrorBox>{link.refused}</ErrorBox>
          <Link to="/forgot-password" className="btn-primary w-full py-2.5">
            Send a new link
          </Link>
        </div>
      )}
      {token && 'live' in link && (
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
      )}
      {!token && (
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
