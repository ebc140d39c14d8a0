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
  /** After too many failed sign-ins to one account from one address (the response's Retry-After). */
  tooManyFailedSignIns: (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return (
      `Too many failed sign-ins. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} ` +
      'and try again.'
    );
  },
  unauthenticated: 'Please sign in to continue.',
  /** A moderator suspended the account: refused to password, social sign-in and reset links alike. */
  accountSuspended: 'This account has been suspended.',
  /** The same response whether or not the address has an account, so it reveals neither. */
  resetLinkSent:
    'If an account uses that address, we have sent it a link to choose a new password. The link works ' +
    'for one hour.',
  resetLinkUnknown: 'This reset link is not valid. Please ask for a new one.',
  resetLinkUsed: 'This reset link has already been used. Please ask for a new one if you need it.',
  resetLinkExpired: 'This reset link has expired. Please ask for a new one.',
  passwordReset: 'Your password has been changed. You can sign in with it now.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  signedOutEverywhere: 'You have been signed out on every other device.',
  /** Answered when the new address already has an account, as sign-up does (so it tells nothing new). */
  emailChangeLinkSent: (email: string) =>
    `We have sent a confirmation link to ${email}. ` +
    'Your address changes when you open it; the link works for one hour.',
  emailUnchanged: 'This is already your e-mail address.',
  emailLinkUnknown:
    'This confirmation link is not valid. Please change your e-mail address again in Settings.',
  emailLinkUsed: 'This confirmation link has already been used.',
  emailLinkExpired:
    'This confirmation link has expired. Please change your e-mail address again in Settings.',
  /** The address was free when the link was sent, but another account took it before it was opened. */
  emailTakenMeanwhile:
    'Another account started using this address after the link was sent. Please choose another ' +
    'address in Settings.',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
} as const;

const newPasswordField = credentialField(CREDENTIAL_RULES.newPassword);

/** How long a password reset link works. */
export const PASSWORD_RESET_LINK_MINUTES = 60;
/** A mailed link's token (password reset, e-mail change): 32 random bytes, base64url. */
export const LINK_TOKEN_MAX_LENGTH = 100;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const resetLinkToken = text({ error: AUTH_MESSAGES.resetLinkUnknown })
  .min(1, { error: AUTH_MESSAGES.resetLinkUnknown })
  .max(LINK_TOKEN_MAX_LENGTH, { error: AUTH_MESSAGES.resetLinkUnknown });

export const resetPasswordBody = z.object({ token: resetLinkToken, password: newPasswordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/**
 * Whether a reset link still works, asked when it is opened, before a new password is typed: 204 if
 * it does, else 404 (resetLinkUnknown) or 410 (resetLinkUsed, resetLinkExpired).
 */
export const resetLinkQuery = z.object({ token: resetLinkToken });
export type ResetLinkQuery = z.infer<typeof resetLinkQuery>;

/** `currentPassword` may be left out only by an account that has none yet (made by social sign-in). */
export const changePasswordBody = z.object({
  currentPassword: credentialField(CREDENTIAL_RULES.password).optional(),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `currentPassword` may be left out only by an account that has none (made by social sign-in). */
export const changeEmailBody = z.object({
  newEmail: emailField,
  currentPassword: credentialField(CREDENTIAL_RULES.password).optional(),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** How long an e-mail change's confirmation link works. */
export const EMAIL_CHANGE_LINK_MINUTES = 60;

export const confirmEmailBody = z.object({
  token: text({ error: AUTH_MESSAGES.emailLinkUnknown })
    .min(1, { error: AUTH_MESSAGES.emailLinkUnknown })
    .max(LINK_TOKEN_MAX_LENGTH, { error: AUTH_MESSAGES.emailLinkUnknown }),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

/** a response that only says what happened, for the person to read. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * `GET /api/auth/oauth2/providers`: the social sign-in providers this server is configured for, in the
 * order the sign-in page offers them (`id` as in OAUTH_PATHS.authorize). Names only, never a secret.
 */
export const signInProviders = z.object({
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInProviders = z.infer<typeof signInProviders>;
