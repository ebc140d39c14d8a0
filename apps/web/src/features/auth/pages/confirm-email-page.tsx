import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { fetchCurrentUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import * as accountApi from '../api/account-api';
import { AuthScreen } from '../components/auth-screen';
import { type Outcome, OutcomeBox, outcomeOf } from '../components/form-parts';

/** Opened from the link mailed to a new address: confirms it at once, signed in or not. */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your new e-mail address');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { token: session, updateUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The link works once: a second run of the effect (React's development checks) must not use it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    outcomeOf(() => accountApi.confirmEmail(token), {
      done: (response) => response.message,
      fallback: 'Failed to confirm the new address',
    }).then((result) => {
      setOutcome(result);
      // This browser's session may be the account's: it shows the new address from now on.
      if (result && 'done' in result && session) {
        fetchCurrentUser().then(
          ({ email }) => updateUser({ email }),
          () => {},
        );
      }
    });
  }, [token, session, updateUser]);

  return (
    <AuthScreen>
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">
        Confirm your new e-mail address
      </h1>
      <div className="mt-6">
        {outcome ? <OutcomeBox outcome={outcome} /> : <Loading label="Confirming your new address…" />}
      </div>
      {outcome && (
        <p className="mt-6 text-center">
          <Link to={session ? '/settings' : '/login'} className="btn-primary w-full py-2.5">
            {session ? 'Back to settings' : 'Sign in'}
          </Link>
        </p>
      )}
    </AuthScreen>
  );
}
