import { VISITOR_TEXTS } from '@pathwise/contract';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useReturnHereState } from '../../lib/auth/return-path';
import { AskToSignInContext } from '../../lib/visitor-gate';

const SignInPrompt = lazy(() => import('./sign-in-prompt'));

/** Lets every action only members can take ask a visitor to sign in, through one dialog. */
export function VisitorGate({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const ask = useCallback(() => setAsking(true), []);
  return (
    <AskToSignInContext.Provider value={ask}>
      {children}
      {asking && (
        <Suspense fallback={null}>
          <SignInPrompt onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </AskToSignInContext.Provider>
  );
}

/** The top bar's right end for a visitor: "Sign in" and "Join", each coming back to this page. */
export function VisitorActions() {
  const back = useReturnHereState();
  return (
    <div className="ml-auto flex items-center gap-2">
      <Link to="/login" state={back} className="btn-secondary">
        {VISITOR_TEXTS.signIn}
      </Link>
      <Link to="/signup" state={back} className="btn-primary">
        {VISITOR_TEXTS.join}
      </Link>
    </div>
  );
}
