import { z } from 'zod';
import { loginBody } from './auth.js';
import { text } from './common.js';

export const ACCOUNT_MESSAGES = {
  /** An account without a password (social sign-in) confirms by typing its address. */
  emailMismatch: 'Type your e-mail address exactly as shown to confirm',
  accountDeleted: 'Your account and everything you made on Pathwise have been deleted.',
  tooManyExports: 'You have asked for your data several times in a row. Please wait a minute and try again.',
} as const;

/** The file name a data export is offered under. */
export const ACCOUNT_EXPORT_FILE_NAME = 'pathwise-data.zip';

/**
 * `password` confirms the deletion of an account that has one; an account made by social sign-in,
 * which has none, types its e-mail address instead.
 */
export const deleteAccountBody = z.object({
  password: loginBody.shape.password.optional(),
  email: text({ error: ACCOUNT_MESSAGES.emailMismatch })
    .max(200, { error: ACCOUNT_MESSAGES.emailMismatch })
    .optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
