/** E2E_PORT lets several runs on one machine use different ports. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Known to the tests so they can mint expired tokens, as a real session would end. */
export const E2E_JWT_SECRET = 'e2e-secret-known-to-the-tests-0123456789';
/** The local OpenID Provider that stands in for Google during the run (see serve.mjs). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 10);
