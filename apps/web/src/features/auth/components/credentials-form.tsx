import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, type SignupBody, signupBody } from '@pathwise/contract';
import { type Resolver, useForm } from 'react-hook-form';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';

export type AuthMode = 'signIn' | 'signUp';

/**
 * Both modes share one form shape; sign-in simply never registers the name field, so its
 * resolver, which validates a subset of that shape, can stand in for the full one.
 */
const RESOLVERS: Record<AuthMode, Resolver<SignupBody>> = {
  signIn: zodResolver(loginBody) as unknown as Resolver<SignupBody>,
  signUp: zodResolver(signupBody),
};

type CredentialsFormProps = {
  mode: AuthMode;
  onSubmit: (values: SignupBody) => Promise<void>;
};

export function CredentialsForm({ mode, onSubmit }: CredentialsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupBody>({ resolver: RESOLVERS[mode] });
  const isSignUp = mode === 'signUp';

  return (
    // noValidate: the contract's messages replace the browser's own bubbles.
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      {isSignUp && (
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      )}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        error={errors.password?.message}
        {...register('password')}
      />
      <button type="submit" disabled={isSubmitting} className="btn-primary w-full py-2.5">
        {isSubmitting && <Spinner className="size-4" />}
        {isSubmitting ? 'Processing...' : isSignUp ? 'Sign Up' : 'Sign In'}
      </button>
    </form>
  );
}
