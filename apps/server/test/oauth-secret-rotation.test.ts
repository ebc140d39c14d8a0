import { OAUTH_MESSAGES } from '@pathwise/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFlowSeal } from '../src/modules/auth/oauth.flow.js';
import { bearer } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  type IdentityProvider,
  signInAtProvider,
  startIdentityProvider,
} from './helpers/identity-provider.js';

const OLD_SECRET = 'the-secret-before-the-rotation-0123456789';
const NEW_SECRET = 'the-secret-after-the-rotation-0123456789a';
const FLOW_COOKIE = 'pathwise_oauth_flow';

let google: IdentityProvider;
/** A process restarted with the new secret, the old one kept as JWT_SECRET_PREVIOUS. */
let afterRotation: TestApp;

beforeAll(async () => {
  google = await startIdentityProvider({
    redirectUris: ['http://localhost/api/auth/oauth2/callback/google'],
  });
  afterRotation = await createTestApp({
    config: {
      jwtSecret: NEW_SECRET,
      jwtPreviousSecret: OLD_SECRET,
      oidcProviders: { google: { name: 'Google', client: google.client } },
    },
  });
});
afterAll(async () => {
  await afterRotation.close();
  await google.close();
});

async function startAt(t: TestApp) {
  const response = await t.app.inject({ url: '/api/auth/oauth2/authorize/google' });
  const flow = response.cookies.find((cookie) => cookie.name === FLOW_COOKIE)?.value;
  return { authorizationUrl: String(response.headers.location), flow };
}

/** The same flow as a process still on `secret` would have sealed it (one app serves both sides). */
async function resealed(flow: string | undefined, secret: string) {
  const { state, nonce, codeVerifier } = decodeJwt(String(flow));
  return createFlowSeal(secret).seal('google', {
    state: String(state),
    nonce: String(nonce),
    codeVerifier: String(codeVerifier),
  });
}

/** The callback's end: the web app's redirect page, with a token or an error in its address. */
async function callbackAt(t: TestApp, back: URL, flow: string | undefined) {
  const response = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    cookies: flow ? { [FLOW_COOKIE]: flow } : {},
  });
  expect(response.statusCode).toBe(302);
  const url = new URL(String(response.headers.location));
  return { token: new URLSearchParams(url.hash.slice(1)).get('token'), error: url.searchParams.get('error') };
}

it('finishes a social sign-in started before the secret changed (JWT_SECRET_PREVIOUS)', async () => {
  const { authorizationUrl, flow } = await startAt(afterRotation);
  const back = await signInAtProvider(authorizationUrl, 'rita@example.com');
  const sealedBeforeSwitch = await resealed(flow, OLD_SECRET);

  const { token, error } = await callbackAt(afterRotation, back, sealedBeforeSwitch);
  expect(error).toBeNull();
  const me = await afterRotation.app.inject({ url: '/api/auth/me', headers: bearer(String(token)) });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ email: 'rita@example.com' });
});

it('refuses a flow sealed with a secret the server does not hold', async () => {
  const { authorizationUrl, flow } = await startAt(afterRotation);
  const back = await signInAtProvider(authorizationUrl, 'sam@example.com');
  const forged = await resealed(flow, 'a-secret-this-server-never-had-0123456789');

  expect(await callbackAt(afterRotation, back, forged)).toEqual({
    token: null,
    error: OAUTH_MESSAGES.flowInvalid('Google'),
  });
  // The genuine flow of the same sign-in still completes.
  expect((await callbackAt(afterRotation, back, flow)).token).toEqual(expect.any(String));
});

it('stops opening flows of the previous secret once it is dropped', async () => {
  const flow = { state: 's', nonce: 'n', codeVerifier: 'v' };
  const sealedBefore = await createFlowSeal(OLD_SECRET).seal('google', flow);
  expect(await createFlowSeal(NEW_SECRET, OLD_SECRET).open('google', sealedBefore)).toEqual(flow);
  expect(await createFlowSeal(NEW_SECRET).open('google', sealedBefore)).toBeNull();
});
