import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** Messages of spec §5; the web form and the server validate with the same schemas. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters`, abort: true })
  .pipe(z.email({ error: 'Invalid email address' }));

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .max(NAME_MAX_LENGTH, { error: `Name must be at most ${NAME_MAX_LENGTH} characters` });

const passwordRequired = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const loginBody = z.object({
  email: emailField,
  password: passwordRequired,
});
export type LoginBody = z.infer<typeof loginBody>;

export const signupBody = z.object({
  name: nameField,
  email: emailField,
  password: passwordRequired.min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  }),
});
export type SignupBody = z.infer<typeof signupBody>;

export const tokenResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'Email address already in use.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  unauthenticated: 'Please sign in to continue.',
} as const;
