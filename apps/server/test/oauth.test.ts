import { OAUTH_MESSAGES } from '@pathwise/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../src/db/schema/index.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  type IdentityProvider,
  signInAtProvider,
  startIdentityProvider,
} from './helpers/identity-provider.js';

/** app.inject addresses requests to http://localhost, so that is the app's origin here. */
const ORIGIN = 'http://localhost';
const callbackUri = (provider: string) => `${ORIGIN}/api/auth/oauth2/callback/${provider}`;
const FLOW_COOKIE = 'pathwise_oauth_flow';

let t: TestApp;
let google: IdentityProvider;
let gitlab: IdentityProvider;

beforeAll(async () => {
  google = await startIdentityProvider({ redirectUris: [callbackUri('google')] });
  // Like many providers other than Google: the profile comes from the UserInfo endpoint only.
  gitlab = await startIdentityProvider({ redirectUris: [callbackUri('gitlab')], profileInIdToken: false });
  t = await createTestApp({
    config: {
      oidcProviders: {
        google: { name: 'Google', client: google.client },
        gitlab: { name: 'Gitlab', client: gitlab.client },
        // Nothing listens on port 9 of this machine: the provider cannot be reached.
        offline: { name: 'Offline', client: { ...gitlab.client, issuer: 'http://127.0.0.1:9' } },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
  await gitlab.close();
});

/** Where Pathwise finally sends the browser: the web app's redirect page with a token or an error. */
function outcome(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(302);
  const url = new URL(String(response.headers.location));
  // A token only ever travels in the fragment, which browsers do not send to servers.
  expect(url.searchParams.has('token')).toBe(false);
  return {
    page: `${url.origin}${url.pathname}`,
    token: new URLSearchParams(url.hash.slice(1)).get('token'),
    error: url.searchParams.get('error'),
  };
}

async function start(provider: string) {
  const response = await t.app.inject({ url: `/api/auth/oauth2/authorize/${provider}` });
  expect(response.statusCode).toBe(302);
  const flowCookie = response.cookies.find((cookie) => cookie.name === FLOW_COOKIE);
  return { response, authorizationUrl: String(response.headers.location), flowCookie };
}

function callback(url: URL, flowCookie: string | undefined) {
  return t.app.inject({
    url: `${url.pathname}${url.search}`,
    cookies: flowCookie ? { [FLOW_COOKIE]: flowCookie } : {},
  });
}

/** The whole browser journey: Pathwise → provider (sign in, consent or not) → Pathwise → web app. */
async function signIn(provider: string, login: string, options: { consent?: boolean } = {}) {
  const { authorizationUrl, flowCookie } = await start(provider);
  const back = await signInAtProvider(authorizationUrl, login, options);
  const response = await callback(back, flowCookie?.value);
  return { ...outcome(response), response, back, flowCookie };
}

async function me(token: string | null) {
  const response = await t.app.inject({ url: '/api/auth/me', headers: bearer(String(token)) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('GET /api/auth/oauth2/authorize/{provider}', () => {
  it('sends the browser to the provider with a code request protected by state, nonce and PKCE', async () => {
    const { authorizationUrl, flowCookie } = await start('google');
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: google.client.clientId,
      redirect_uri: callbackUri('google'),
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{40,}$/),
      nonce: expect.stringMatching(/^[\w-]{40,}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    // Kept by the browser for the callback only, for 10 minutes, out of reach of scripts.
    expect(flowCookie).toMatchObject({
      path: '/api/auth/oauth2/callback/google',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    expect(flowCookie?.secure).toBeFalsy();

    const again = new URL((await start('google')).authorizationUrl);
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
    expect(again.searchParams.get('nonce')).not.toBe(url.searchParams.get('nonce'));
  });

  it('takes the provider id in any case', async () => {
    const response = await t.app.inject({ url: '/api/auth/oauth2/authorize/Google' });
    expect(String(response.headers.location)).toMatch(new RegExp(`^${google.issuer}/auth\\?`));
  });

  it('sends an unknown provider back to the web app with a readable error, never a JSON page', async () => {
    for (const step of ['authorize', 'callback']) {
      const response = await t.app.inject({ url: `/api/auth/oauth2/${step}/facebook?code=x&state=y` });
      expect(outcome(response)).toEqual({
        page: `${ORIGIN}/oauth2/redirect`,
        token: null,
        error: 'Sign-in with "facebook" is not available on Pathwise.',
      });
    }
  });

  it('says so when the provider cannot be reached', async () => {
    const response = await t.app.inject({ url: '/api/auth/oauth2/authorize/offline' });
    expect(outcome(response).error).toBe('Offline authentication failed. Please try again.');
    expect(response.cookies).toEqual([]);
  });
});

describe('signing in with Google', () => {
  it('creates an account without a password on the first sign-in, from the ID token claims', async () => {
    google.addPerson({
      sub: 'google-ann',
      email: 'ann.social@example.com',
      email_verified: true,
      name: 'Ann Social',
      picture: 'https://pictures.example.com/ann.png',
    });
    const before = await userCount();
    const result = await signIn('google', 'google-ann');

    expect(result.back.searchParams.get('code')).toBeTruthy();
    expect(result).toMatchObject({ page: `${ORIGIN}/oauth2/redirect`, error: null });
    expect(await me(result.token)).toMatchObject({
      name: 'Ann Social',
      email: 'ann.social@example.com',
      profilePicture: 'https://pictures.example.com/ann.png',
      bio: '',
    });
    expect(await userCount()).toBe(before + 1);
    // The flow is used up, whatever happens next.
    expect(result.response.cookies).toContainEqual(
      expect.objectContaining({ name: FLOW_COOKIE, value: '', path: '/api/auth/oauth2/callback/google' }),
    );

    // No password was ever set, so none is accepted.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann.social@example.com', password: 'anything at all' },
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().message).toBe('Invalid email or password');
  });

  it('finds the same account on the next sign-in and keeps the profile edits made in Pathwise', async () => {
    google.addPerson({ sub: 'google-bo', email: 'bo@example.com', email_verified: true, name: 'Bo' });
    const first = await signIn('google', 'google-bo');
    const user = await me(first.token);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(String(first.token)),
      payload: { name: 'Bo Edited', email: 'bo@example.com', bio: 'Learning Rust' },
    });
    expect(edit.statusCode).toBe(200);

    // The provider's profile changes too; Pathwise's copy is the person's own now.
    google.addPerson({
      sub: 'google-bo',
      email: 'bo.elsewhere@example.com',
      email_verified: true,
      name: 'Bo From Google',
      picture: 'https://pictures.example.com/bo.png',
    });
    const before = await userCount();
    const second = await signIn('google', 'google-bo');

    expect(await me(second.token)).toMatchObject({
      id: user.id,
      name: 'Bo Edited',
      email: 'bo@example.com',
      bio: 'Learning Rust',
      profilePicture: null,
    });
    expect(await userCount()).toBe(before);
  });

  it('links to the existing password account when Google has verified the same address', async () => {
    const account = await signUp(t, { name: 'Cy Password', email: 'cy@example.com' });
    google.addPerson({ sub: 'google-cy', email: 'CY@example.com', email_verified: true, name: 'Cy Google' });
    const before = await userCount();

    const result = await signIn('google', 'google-cy');

    expect(await me(result.token)).toMatchObject({ id: account.user.id, name: 'Cy Password' });
    expect(await userCount()).toBe(before);
    const identities = await t.db
      .select({ provider: userIdentities.provider, subject: userIdentities.subject })
      .from(userIdentities)
      .where(eq(userIdentities.userId, account.user.id));
    expect(identities).toEqual([{ provider: 'google', subject: 'google-cy' }]);
    // The password keeps working.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cy@example.com', password: account.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses to link an address Google has not verified, and changes nothing', async () => {
    await signUp(t, { email: 'dee@example.com' });
    google.addPerson({ sub: 'google-dee', email: 'dee@example.com', email_verified: false, name: 'Dee' });
    const before = await userCount();

    const result = await signIn('google', 'google-dee');

    expect(result).toMatchObject({ token: null, error: OAUTH_MESSAGES.emailUnverified('Google') });
    expect(result.error).toBe(
      'An account with this email address already exists, and Google has not verified that the ' +
        'address is yours. Please sign in with your email and password.',
    );
    expect(await userCount()).toBe(before);
    const identities = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, 'google-dee'));
    expect(identities).toEqual([]);
  });

  it('creates an account for an unverified address that nobody uses yet', async () => {
    google.addPerson({ sub: 'google-eve', email: 'eve@example.com', email_verified: false, name: 'Eve' });
    const result = await signIn('google', 'google-eve');
    expect(await me(result.token)).toMatchObject({ name: 'Eve', email: 'eve@example.com' });
  });

  it('cannot create an account without an email address', async () => {
    google.addPerson({ sub: 'google-nomail', name: 'No Mail' });
    const before = await userCount();
    const result = await signIn('google', 'google-nomail');
    expect(result).toMatchObject({
      token: null,
      error: 'Google did not share a valid email address, which Pathwise needs to create your account.',
    });
    expect(await userCount()).toBe(before);
  });

  it('reports a denied consent as a failed authentication', async () => {
    const before = await userCount();
    const result = await signIn('google', 'denier@example.com', { consent: false });
    expect(result.back.searchParams.get('error')).toBe('access_denied');
    expect(result).toMatchObject({
      page: `${ORIGIN}/oauth2/redirect`,
      token: null,
      error: 'Google authentication failed: access was denied.',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a callback whose state was tampered with, or that comes without its flow', async () => {
    const { authorizationUrl, flowCookie } = await start('google');
    const back = await signInAtProvider(authorizationUrl, 'mallory@example.com');
    const before = await userCount();
    const expected = {
      token: null,
      error:
        'Sign-in with Google could not be completed: the request expired or was not started in this ' +
        'browser. Please try again.',
    };

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expect(outcome(await callback(tampered, flowCookie?.value))).toMatchObject(expected);
    // Another browser (no flow cookie), or a forged one.
    expect(outcome(await callback(back, undefined))).toMatchObject(expected);
    expect(outcome(await callback(back, `${flowCookie?.value}x`))).toMatchObject(expected);
    // A flow started for another provider.
    const gitlabFlow = (await start('gitlab')).flowCookie?.value;
    expect(outcome(await callback(back, gitlabFlow))).toMatchObject(expected);
    expect(await userCount()).toBe(before);

    // The genuine callback still works once, and its code cannot be used again.
    expect(outcome(await callback(back, flowCookie?.value)).token).toEqual(expect.any(String));
    expect(outcome(await callback(back, flowCookie?.value))).toMatchObject({
      token: null,
      error: 'Google authentication failed. Please try again.',
    });
  });
});

describe('signing in with another OpenID Connect provider', () => {
  it('reads the profile from the UserInfo endpoint when the ID token does not carry it', async () => {
    gitlab.addPerson({ sub: 'gitlab-fay', email: 'fay@example.com', email_verified: true, name: 'Fay Lab' });
    const result = await signIn('gitlab', 'gitlab-fay');
    expect(await me(result.token)).toMatchObject({ name: 'Fay Lab', email: 'fay@example.com' });
  });

  it('keeps identities apart per provider: the same subject elsewhere is someone else', async () => {
    google.addPerson({
      sub: 'shared-sub',
      email: 'gus.google@example.com',
      email_verified: true,
      name: 'Gus G',
    });
    gitlab.addPerson({
      sub: 'shared-sub',
      email: 'gus.gitlab@example.com',
      email_verified: true,
      name: 'Gus L',
    });
    const atGoogle = await me((await signIn('google', 'shared-sub')).token);
    const atGitlab = await me((await signIn('gitlab', 'shared-sub')).token);
    expect(atGitlab.id).not.toBe(atGoogle.id);
    expect(atGitlab.email).toBe('gus.gitlab@example.com');
  });
});

describe('configuration', () => {
  it('lists only the configured providers, to visitors, with no secret and a short cache', async () => {
    const res = await t.app.inject({ url: '/api/auth/oauth2/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'gitlab', name: 'Gitlab' },
        { id: 'offline', name: 'Offline' },
      ],
    });
    expect(res.body).not.toContain(google.client.clientSecret);
    expect(res.body).not.toContain(google.client.clientId);
  });

  it('does not offer an unconfigured Google, explains it is unavailable, and answers at PUBLIC_URL', async () => {
    const behindProxy = await createTestApp({
      config: {
        publicUrl: 'https://learn.example.com',
        oidcProviders: {
          google: { name: 'Google', client: null },
          gitlab: { name: 'Gitlab', client: gitlab.client },
        },
      },
    });
    try {
      // Google without a client id and secret is not offered.
      const offered = await behindProxy.app.inject({ url: '/api/auth/oauth2/providers' });
      expect(offered.json()).toEqual({ providers: [{ id: 'gitlab', name: 'Gitlab' }] });

      expect(outcome(await behindProxy.app.inject({ url: '/api/auth/oauth2/authorize/google' }))).toEqual({
        page: 'https://learn.example.com/oauth2/redirect',
        token: null,
        error:
          'Sign-in with Google is not configured on this server. Please sign in with your email and ' +
          'password.',
      });

      // The provider is told to come back to the public origin; the flow cookie is then https-only.
      const response = await behindProxy.app.inject({ url: '/api/auth/oauth2/authorize/gitlab' });
      const url = new URL(String(response.headers.location));
      expect(url.searchParams.get('error')).toBeNull();
      expect(url.searchParams.get('redirect_uri')).toBe(
        'https://learn.example.com/api/auth/oauth2/callback/gitlab',
      );
      expect(response.cookies.find((cookie) => cookie.name === FLOW_COOKIE)?.secure).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});
