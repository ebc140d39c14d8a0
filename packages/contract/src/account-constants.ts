/**
 * Account messages, zod-free: the sign-in page says an account was deleted within its budget
 * (docs/testing.md, "Budgets").
 */
export const ACCOUNT_MESSAGES = {
  /** An account without a password (social sign-in) confirms by typing its address. */
  emailMismatch: 'Type your e-mail address exactly as shown to confirm',
  accountDeleted: 'Your account and everything you made on Pathwise have been deleted.',
  tooManyExports: 'You have asked for your data several times in a row. Please wait a minute and try again.',
} as const;

/** The file name a data export is offered under. */
export const ACCOUNT_EXPORT_FILE_NAME = 'pathwise-data.zip';
