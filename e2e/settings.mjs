import { tmpdir } from 'node:os';
import path from 'node:path';

/** E2E_PORT lets several runs on one machine use different ports. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Known to the tests so they can mint expired tokens, as a real session would end. */
export const E2E_JWT_SECRET = 'e2e-secret-known-to-the-tests-0123456789';
/** The account that moderates in the E2E server (ADMIN_EMAILS): sign it up to act as a moderator. */
export const E2E_MODERATOR_EMAIL = 'moderator@pathwise.test';
/** The local OpenID Provider that stands in for Google during the run (see serve.mjs). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 10);
/** The local SMTP server the E2E server sends mail to (see serve.mjs). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 11);
/** Where serve.mjs appends each mail it receives, one JSON line each, for the tests to read. */
export const E2E_MAILBOX = path.join(tmpdir(), `pathwise-e2e-mailbox-${E2E_PORT}.jsonl`);
