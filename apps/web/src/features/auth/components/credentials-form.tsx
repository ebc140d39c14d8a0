import { CREDENTIAL_RULES, type CredentialRule, checkCredential, type SignupBody } from '@pathwise/contract';
import { type FormEvent, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';

export type AuthMode = 'signIn' | 'signUp';

type FieldName = keyof SignupBody;
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The fields of each mode, in page order, with the contract's rules. Checked without zod or a form
 * library: this is the first page a visitor loads, and these three fields are all it has.
 */
const FIELDS: Record<AuthMode, Partial<Record<FieldName, CredentialRule>>> = {
  signIn: { email: CREDENTIAL_RULES.email, password: CREDENTIAL_RULES.password },
  signUp: {
    name: CREDENTIAL_RULES.name,
    email: CREDENTIAL_RULES.email,
    password: CREDENTIAL_RULES.newPassword,
  },
};

/** The values to send (sign-in sends no name) and a message per field that breaks a rule. */
function checkForm(mode: AuthMode, form: HTMLFormElement) {
  const data = new FormData(form);
  const values: Partial<SignupBody> = {};
  const errors: FieldErrors = {};
  for (const [name, rule] of Object.entries(FIELDS[mode]) as [FieldName, CredentialRule][]) {
    const { value, error } = checkCredential(rule, String(data.get(name) ?? ''));
    values[name] = value;
    if (error) errors[name] = error;
  }
  return { values: values as SignupBody, errors };
}

type CredentialsFormProps = {
  mode: AuthMode;
  onSubmit: (values: SignupBody) => Promise<void>;
};

export function CredentialsForm({ mode, onSubmit }: CredentialsFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const isSignUp = mode === 'signUp';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkForm(mode, form);
    setErrors(checked.errors);
    setAttempted(true);
    const firstInvalid = Object.keys(checked.errors)[0];
    if (firstInvalid) {
      (form.elements.namedItem(firstInvalid) as HTMLInputElement).focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(checked.values);
    } finally {
      setSubmitting(false);
    }
  };

  // Once a submit has shown messages, they follow what is typed until the fields are right.
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (attempted) setErrors(checkForm(mode, event.currentTarget).errors);
  };

  return (
    // noValidate: the contract's messages replace the browser's own bubbles.
    <form noValidate onSubmit={submit} onChange={recheck} className="space-y-5">
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
