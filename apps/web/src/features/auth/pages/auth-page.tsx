import { ACCOUNT_MESSAGES, type SignupBody } from '@pathwise/contract';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Callout, ErrorBox } from '../../../components/callout';
import { useAuth } from '../../../lib/auth/auth-context';
import { returnPathOf } from '../../../lib/auth/return-path';
import { useDocumentTitle } from '../../../lib/document-title';
import { AuthScreen } from '../components/auth-screen';
import { type AuthMode, CredentialsForm } from '../components/credentials-form';
import { OAuthErrorBox } from '../components/oauth-error-box';
import { SocialSignIn } from '../components/social-sign-in';

const COPY = {
  signIn: { heading: 'Sign in to your account', switchPrompt: "Don't have an account?", switchTo: 'Sign up' },
  signUp: { heading: 'Create your account', switchPrompt: 'Already have an account?', switchTo: 'Sign in' },
} as const;

export function LoginPage() {
  return <AuthPage initialMode="signIn" />;
}

export function SignupPage() {
  return <AuthPage initialMode="signUp" />;
}

function AuthPage({ initialMode }: { initialMode: AuthMode }) {
  const { login, signup } = useAuth();
  const [searchParams] = useSearchParams();
  // The page a visitor asked for before being sent here (a shared link): opened once signed in.
  const returnTo = returnPathOf(useLocation().state);
  const [mode, setMode] = useState(initialMode);
  const [formError, setFormError] = useState<string | null>(null);
  const copy = COPY[mode];
  useDocumentTitle(mode === 'signIn' ? 'Sign in' : 'Sign up');

  const switchMode = () => {
    setMode(mode === 'signIn' ? 'signUp' : 'signIn');
    setFormError(null);
  };

  const submit = async (values: SignupBody) => {
    setFormError(null);
    try {
      await (mode === 'signUp' ? signup(values, returnTo) : login(values, returnTo));
    } catch (error) {
      setFormError((error as Error).message);
    }
  };

  return (
    <AuthScreen>
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">{copy.heading}</h1>
      <div className="mt-6 space-y-3 empty:hidden">
        {searchParams.get('deleted') === 'true' && (
          <Callout tone="success">{ACCOUNT_MESSAGES.accountDeleted}</Callout>
        )}
        {searchParams.get('expired') === 'true' && (
          <Callout tone="warning">Your session has expired. Please log in again.</Callout>
        )}
        <OAuthErrorBox />
        {formError && <ErrorBox>{formError}</ErrorBox>}
      </div>
      <div className="mt-6">
        {/* key: each mode starts with its own validation state. */}
        <CredentialsForm key={mode} mode={mode} onSubmit={submit} />
      </div>
      {mode === 'signIn' && (
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="text-link">
            Forgot your password?
          </Link>
        </p>
      )}
      <SocialSignIn />
      <p className="mt-6 text-center text-sm text-slate-600">
        {copy.switchPrompt}{' '}
        <button type="button" onClick={switchMode} className="text-link">
          {copy.switchTo}
        </button>
      </p>
    </AuthScreen>
  );
}
