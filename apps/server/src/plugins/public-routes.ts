/**
 * The only place an /api route is made public: a visitor may call these, every other /api route needs
 * a signed-in user (deny by default, enforced by the auth plugin before anything else is read).
 * Entries are `METHOD pattern` exactly as registered; a GET entry covers its HEAD.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  // Load balancers and monitors probe it without an account.
  'GET /api/health',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  // Whoever forgot their password cannot sign in; the reset link's token is the credential.
  'POST /api/auth/password/forgot',
  'GET /api/auth/password/reset',
  'POST /api/auth/password/reset',
  // The confirmation link of a new e-mail address may be opened on a device that is not signed in.
  'POST /api/auth/email/confirm',
  // Browser navigations of social sign-in: no token exists yet.
  'GET /api/auth/oauth2/authorize/:provider',
  // The sign-in page asks which providers to offer before anyone is signed in.
  'GET /api/auth/oauth2/providers',
  'GET /api/auth/oauth2/callback/:provider',
  // The spec's web client polls it while signed out: a caller without any token has 0 to read
  // (a token that is sent must still be valid: the route refuses invalid ones itself).
  'GET /api/notifications/unread/count',
  // A digest's unsubscribe link (RFC 8058): opened or posted from a mail client; the signed token is
  // the credential.
  'GET /api/notifications/digest/unsubscribe',
  'POST /api/notifications/digest/unsubscribe',
  // The web app asks what this instance allows (reading signed out) before knowing who is there.
  'GET /api/instance',
]);

/**
 * Reads of public content that a visitor may call only when the instance turns PUBLIC_READING on
 * (docs/product.md#decisions, 19): each answers the signed-out view (`readerOf`). Anything personal
 * (notifications, saved, notes, settings, analytics, search, activity, follower lists) and every
 * write stays in the deny-by-default set above. Entries follow the same `METHOD pattern` form.
 */
export const READABLE_ROUTES: ReadonlySet<string> = new Set([
  // The home page's "Latest Posts", a post and its comments with their replies, and the edit history of
  // either.
  'GET /api/posts',
  'GET /api/posts/:id',
  'GET /api/posts/:id/history',
  'GET /api/posts/:postId/comments',
  'GET /api/comments/:id/history',
  'GET /api/comments/:id/replies',
  // The public plans, a plan (a private one stays 404) and a person's public plans and posts.
  'GET /api/learning-plans/public',
  'GET /api/learning-plans/:planId',
  'GET /api/learning-plans/user/:userId',
  'GET /api/posts/user/:userId',
  // Progress a person shares on a public plan, and its Open Graph picture (a 404 unless they share it).
  'GET /api/learning-plans/:planId/progress/:handle',
  'GET /api/learning-plans/:planId/progress/:handle/image.png',
  // A profile, by id or by handle: 404 unless its owner shows it to visitors.
  'GET /api/users/:id',
  'GET /api/users/by-handle/:handle',
  // A learning calendar: 404 unless its owner shows it, and their profile, to visitors.
  'GET /api/users/:id/learning-calendar',
  // A tag page: the tag's counts, its posts and the plans a visitor may see (following it needs an account).
  'GET /api/tags/:tag',
  'GET /api/tags/:tag/posts',
  'GET /api/tags/:tag/plans',
  // The Explore page's trending posts and popular public plans.
  'GET /api/explore',
]);

/** Whether a visitor may call the route `pattern` on an instance with PUBLIC_READING on. */
export function isReadableRoute(method: string, pattern: string | undefined): boolean {
  if (pattern === undefined) return false;
  return READABLE_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${pattern}`);
}

/**
 * Trees a plugin serves to anyone: stored files (images in <img>, which sends no token; keys are
 * unguessable) and the API's documentation.
 */
export const PUBLIC_PREFIXES: readonly string[] = ['/api/media/', '/api/docs'];

/** Whether a request to the route `pattern` may be answered without a signed-in user. */
export function isPublicRoute(method: string, pattern: string | undefined): boolean {
  // Unknown paths (404), the web app and the site's documents (robots.txt, the sitemap, feeds: they
  // answer only what a visitor may read) are not /api routes; a CORS preflight carries no token.
  if (pattern === undefined || method === 'OPTIONS' || !pattern.startsWith('/api/')) return true;
  const asGet = method === 'HEAD' ? 'GET' : method;
  return (
    PUBLIC_ROUTES.has(`${asGet} ${pattern}`) || PUBLIC_PREFIXES.some((prefix) => pattern.startsWith(prefix))
  );
}
