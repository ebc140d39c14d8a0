import { CREDENTIAL_RULES, type SignupBody } from '@pathwise/contract';
import { useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { takeOverEarlySignIn } from '../../../lib/auth/take-over-early-sign-in';
import { type FieldRules, useCheckedForm } from '../use-checked-form';

export type AuthMode = 'signIn' | 'signUp';

/** The fields of each mode, in page order, with the contract's rules. */
const FIELDS: Record<AuthMode, FieldRules<keyof SignupBody>> = {
  signIn: { email: CREDENTIAL_RULES.email, password: CREDENTIAL_RULES.password },
  signUp: {
    name: CREDENTIAL_RULES.name,
    email: CREDENTIAL_RULES.email,
    password: CREDENTIAL_RULES.newPassword,
  },
};

type CredentialsFormProps = {
  mode: AuthMode;
  onSubmit: (values: SignupBody) => Promise<void>;
};

export function CredentialsForm({ mode, onSubmit }: CredentialsFormProps) {
  // Sign-in sends no name: only the fields of the mode are read.
  const { errors, isSubmitting, formProps } = useCheckedForm(FIELDS[mode], (values) =>
    onSubmit(values as SignupBody),
  );
  const isSignUp = mode === 'signUp';
  const formRef = useRef<HTMLFormElement>(null);

  // The sign-in form index.html showed while this code was on its way: what was typed, the focus and a
  // submit or click made meanwhile carry on here. In a layout effect, so no keystroke falls between the
  // two forms.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form || isSignUp) return;
    takeOverEarlySignIn(form);
  }, [isSignUp]);

  return (
    <form ref={formRef} {...formProps} className="space-y-5">
      {isSignUp && <TextField label="Name" name="name" autoComplete="name" error={errors.name} />}
      <TextField label="Email address" name="email" type="email" autoComplete="email" error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        error={errors.password}
      />
      <button type="submit" disabled={isSubmitting} className="btn-primary w-full py-2.5">
        {isSubmitting && <Spinner className="size-4" />}
        {isSubmitting ? 'Processing...' : isSignUp ? 'Sign Up' : 'Sign In'}
      </button>
    </form>
  );
}
