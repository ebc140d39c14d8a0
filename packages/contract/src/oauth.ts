/**
 * Social sign-in with an OpenID Connect provider (docs/features.md, "Social sign-in"). The browser navigates
 * to `authorize`; the server answers the provider's callback by redirecting to the web app's `redirectPage`
 * with `#token=` (in the fragment, never sent to a server) or `?error=`.
 */
export const OAUTH_PATHS = {
  authorize: (provider: string) => `/api/auth/oauth2/authorize/${provider.toLowerCase()}`,
  callback: (provider: string) => `/api/auth/oauth2/callback/${provider}`,
  redirectPage: '/oauth2/redirect',
} as const;

/** `GET /api/auth/oauth2/providers`: answers `SignInProviders` (auth.ts). */
export const OAUTH_PROVIDERS_PATH = '/api/auth/oauth2/providers';

/** The pauses of the redirect page, so each status text can be read. */
export const OAUTH_DELAYS_MS = {
  /** From storing the token to refreshing the current user. */
  refreshUser: 200,
  /** From a loaded profile to the remembered page. */
  success: 500,
  /** From a callback without a token to the login page. */
  missingToken: 1000,
  /** From a failed profile refresh to the login page. */
  refreshFailed: 1500,
} as const;

/** Every message of the social sign-in; those naming a provider take its display name ('Google'). */
export const OAUTH_MESSAGES = {
  /** The callback carried neither a token nor a reason. */
  failed: 'OAuth authentication failed. Please try again.',
  /** A token came back, but the profile could not be loaded with it. */
  profileLoadFailed: 'Failed to load user profile after authentication. Please try again.',
  unknownProvider: (provider: string) => `Sign-in with "${provider}" is not available on Pathwise.`,
  notConfigured: (name: string) =>
    `Sign-in with ${name} is not configured on this server. Please sign in with your email and password.`,
  accessDenied: (name: string) => `${name} authentication failed: access was denied.`,
  providerFailed: (name: string) => `${name} authentication failed. Please try again.`,
  flowInvalid: (name: string) =>
    `Sign-in with ${name} could not be completed: ` +
    'the request expired or was not started in this browser. Please try again.',
  emailMissing: (name: string) =>
    `${name} did not share a valid email address, which Pathwise needs to create your account.`,
  emailUnverified: (name: string) =>
    `An account with this email address already exists, and ${name} ` +
    'has not verified that the address is yours. ' +
    'Please sign in with your email and password.',
  serverFailed: 'Sign-in failed on our side. Please try again later.',
} as const;
