/** Business constants and limits, shared by the server and the web app. */

export const PAGE_SIZE = {
  default: 10,
  learningProgress: 5,
  max: 50,
} as const;

export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The years a calendar date sent for a PostgreSQL `date` column may have: the database has no year 0000
 * (a cast of it fails), and no plan or group starts before 1900. 'YYYY' caps it at 9999.
 */
export const DATE_LIMITS = { minYear: 1900, maxYear: 9999 } as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough to keep hashing cheap and refuse abuse. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 500;
export const LOCATION_MAX_LENGTH = 100;

export const STORAGE_KEYS = {
  /** Also read by apps/web/index.html's first script: a visitor without it is shown the sign-in page. */
  authToken: 'authToken',
  /**
   * The user the stored token belonged to at the last visit, shown at once while /api/auth/me confirms it.
   */
  rememberedUser: 'pathwise_remembered_user',
  oauthRedirectFrom: 'oauth_redirect_from',
  /** 'light', 'dark' or 'system' (also read by apps/web/index.html's first script, before the app loads). */
  theme: 'theme',
} as const;

export const CATEGORIES = [
  'PROGRAMMING',
  'DESIGN',
  'BUSINESS',
  'LANGUAGE',
  'MUSIC',
  'ART',
  'SCIENCE',
  'MATH',
  'HISTORY',
  'OTHER',
] as const;
export type Category = (typeof CATEGORIES)[number];
