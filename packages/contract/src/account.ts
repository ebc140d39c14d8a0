import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-constants.js';
import { loginBody } from './auth.js';
import { text } from './common.js';

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
