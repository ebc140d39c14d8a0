import { z } from 'zod';
import { text } from './common.js';
import { CREDENTIAL_RULES, type CredentialRule, credentialMessages } from './credentials.js';

/**
 * A credential field as zod checks it, in the order `checkCredential` does, so the web form and the
 * server give the same message: required, at most, at least, then the email pattern.
 */
function credentialField(rule: CredentialRule) {
  const messages = credentialMessages(rule);
  const field = text({ error: messages.required });
  const sized = (rule.trim ? field.trim() : field)
    .min(1, { error: messages.required, abort: true })
    .max(rule.maxLength, { error: messages.tooLong, abort: true });
  const checked =
    rule.minLength === undefined ? sized : sized.min(rule.minLength, { error: messages.tooShort });
  return rule.email ? checked.pipe(z.email({ error: messages.notEmail })) : checked;
}

export const emailField = credentialField(CREDENTIAL_RULES.email);
export const nameField = credentialField(CREDENTIAL_RULES.name);

export const loginBody = z.object({
  email: emailField,
  password: credentialField(CREDENTIAL_RULES.password),
});
export type LoginBody = z.infer<typeof loginBody>;

export const signupBody = z.object({
  name: nameField,
  email: emailField,
  password: credentialField(CREDENTIAL_RULES.newPassword),
});
export type SignupBody = z.infer<typeof signupBody>;

export const tokenResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const AUTH_MESSAGES = {
  /** Answered with 400, not 401, like OAuth 2's invalid_grant (api-contract decision 14). */
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'Email address already in use.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  /** After too many failed sign-ins to one account from one address (the answer's Retry-After). */
  tooManyFailedSignIns: (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return `Too many failed sign-ins. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
  },
  unauthenticated: 'Please sign in to continue.',
} as const;
