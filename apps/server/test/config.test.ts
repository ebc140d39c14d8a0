import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { ConfigError, loadConfig } from '../src/config.js';

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'pathwise-config-'));
const vapid = webPush.generateVAPIDKeys();
const keys = () => ({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });

describe('loadConfig', () => {
  it('runs with no configuration at all: port 8080, embedded database, a persisted secret', () => {
    const dataDir = freshDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir,
      databaseUrl: undefined,
      jwtExpiresInSeconds: 7 * 86400,
      corsOrigins: [],
      embeddedDatabaseThread: 'worker',
      publicReading: false,
      pageCache: true,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: freshDataDir(),
      DATABASE_URL: 'postgres://u@db:5432/pathwise',
      JWT_SECRET: 's'.repeat(40),
      JWT_SECRET_PREVIOUS: 'p'.repeat(40),
      JWT_EXPIRES_IN: '12h',
      PUBLIC_URL: 'https://learn.example.com/',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:3000/',
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      MAIL_FROM: 'Pathwise <hello@example.com>',
      EMBEDDED_DATABASE_THREAD: 'main',
      PUBLIC_READING: 'true',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:admin@example.com',
      WEB_PUSH_ALLOW_HTTP: 'true',
      PAGE_CACHE: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/pathwise',
      jwtSecret: 's'.repeat(40),
      jwtPreviousSecret: 'p'.repeat(40),
      jwtExpiresInSeconds: 12 * 3600,
      publicUrl: 'https://learn.example.com',
      logLevel: 'warn',
      logFormat: 'pretty',
      corsOrigins: ['https://app.example.com', 'http://localhost:3000'],
      smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
      mailFrom: 'Pathwise <hello@example.com>',
      embeddedDatabaseThread: 'main',
      publicReading: true,
      webPush: { ...vapid, subject: 'mailto:admin@example.com', allowHttp: true },
      pageCache: false,
    });
  });

  it('stops on a PAGE_CACHE other than true or false', () => {
    const attempt = () => loadConfig({ DATA_DIR: freshDataDir(), PAGE_CACHE: 'sometimes' });
    expect(attempt).toThrow(/PAGE_CACHE: must be true or false/);
  });

  it('stops on a PUBLIC_READING other than true or false', () => {
    const attempt = () => loadConfig({ DATA_DIR: freshDataDir(), PUBLIC_READING: 'sometimes' });
    expect(attempt).toThrow(/PUBLIC_READING: must be true or false/);
  });

  it('stops on an EMBEDDED_DATABASE_THREAD other than worker or main', () => {
    const attempt = () => loadConfig({ DATA_DIR: freshDataDir(), EMBEDDED_DATABASE_THREAD: 'threads' });
    expect(attempt).toThrow(/EMBEDDED_DATABASE_THREAD: must be worker or main/);
  });

  it('stops on a LOG_FORMAT other than pretty or json', () => {
    const attempt = () => loadConfig({ DATA_DIR: freshDataDir(), LOG_FORMAT: 'yaml' });
    expect(attempt).toThrow(/LOG_FORMAT: must be pretty or json/);
  });

  it('stops on an SMTP_URL that is not an smtp:// or smtps:// URL', () => {
    const attempt = () => loadConfig({ DATA_DIR: freshDataDir(), SMTP_URL: 'https://mail.example.com' });
    expect(attempt).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it.each(['https://app.example.com/login', '*', 'app.example.com', 'ftp://files.example.com'])(
    'stops on a CORS_ORIGINS entry that is not an origin: %s',
    (bad) => {
      const attempt = () =>
        loadConfig({ DATA_DIR: freshDataDir(), CORS_ORIGINS: `https://ok.example.com,${bad}` });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/CORS_ORIGINS: must be a comma-separated list of origins/);
    },
  );

  it('explains every bad value at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        JWT_SECRET_PREVIOUS: 'also short',
        DATABASE_URL: 'mysql://x',
        JWT_EXPIRES_IN: 'forever',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: must be a port number/);
    expect(attempt).toThrow(/JWT_SECRET: must be at least 32 characters long/);
    expect(attempt).toThrow(/JWT_SECRET_PREVIOUS: must be at least 32 characters long/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(attempt).toThrow(/JWT_EXPIRES_IN: must be a number followed by s, m, h or d/);
  });

  describe('federation', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: freshDataDir(), ...env });

    it('is off by default', () => {
      expect(load({})().federation).toBeNull();
    });

    it('takes its origin from an https PUBLIC_URL', () => {
      const config = load({ FEDERATION: 'true', PUBLIC_URL: 'https://pathwise.example/' })();
      expect(config.federation).toEqual({ origin: 'https://pathwise.example', allowPrivateAddress: false });
    });

    it('stops without PUBLIC_URL, saying what it is for', () => {
      expect(load({ FEDERATION: 'true' })).toThrow(/PUBLIC_URL: is required when FEDERATION=true/);
    });

    it('stops on a plain http PUBLIC_URL, or a path', () => {
      expect(load({ FEDERATION: 'true', PUBLIC_URL: 'http://pathwise.example' })).toThrow(
        /PUBLIC_URL: must be an https:\/\/ URL when FEDERATION=true/,
      );
      expect(load({ FEDERATION: 'true', PUBLIC_URL: 'https://example.com/pathwise' })).toThrow(
        /PUBLIC_URL: must be an origin/,
      );
    });

    it('takes a loopback http address only with FEDERATION_ALLOW_PRIVATE, for tests', () => {
      const local = { FEDERATION: 'true', PUBLIC_URL: 'http://localhost:8080' };
      expect(load(local)).toThrow(/PUBLIC_URL: must be an https:\/\/ URL/);
      expect(load({ ...local, FEDERATION_ALLOW_PRIVATE: 'true' })().federation).toEqual({
        origin: 'http://localhost:8080',
        allowPrivateAddress: true,
      });
      expect(
        load({
          FEDERATION: 'true',
          FEDERATION_ALLOW_PRIVATE: 'true',
          PUBLIC_URL: 'https://pathwise.example',
        }),
      ).toThrow(/must be a localhost or 127.0.0.1 address when FEDERATION_ALLOW_PRIVATE=true/);
    });
  });

  it('refuses a PostgreSQL server without JWT_SECRET, saying how to make one', () => {
    const dataDir = freshDataDir();
    const attempt = () => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@db:5432/pathwise' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/JWT_SECRET: is required with DATABASE_URL/);
    expect(attempt).toThrow(/openssl rand -base64 48/);
    // No secret of its own was made for this process alone.
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  describe('Web Push', () => {
    it('generates a VAPID key pair once into DATA_DIR, and names MAIL_FROM as the contact', () => {
      const dataDir = freshDataDir();
      const first = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Pathwise <hello@example.com>' }).webPush;
      expect(first).toMatchObject({ subject: 'mailto:hello@example.com', allowHttp: false });
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(loadConfig({ DATA_DIR: dataDir }).webPush.publicKey).toBe(first.publicKey);
      expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://learn.example.com' }).webPush.subject).toBe(
        'https://learn.example.com',
      );
    });

    it('refuses a PostgreSQL server without VAPID keys, half a pair, or keys that are not keys', () => {
      const server = {
        DATA_DIR: freshDataDir(),
        DATABASE_URL: 'postgres://u@db/p',
        JWT_SECRET: 's'.repeat(40),
      };
      expect(() => loadConfig(server)).toThrow(/VAPID_PUBLIC_KEY: is required with DATABASE_URL/);
      expect(() => loadConfig({ ...server, VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
        /VAPID_PRIVATE_KEY: is required when VAPID_PUBLIC_KEY is set/,
      );
      expect(() =>
        loadConfig({ ...server, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: vapid.privateKey }),
      ).toThrow(/VAPID_PUBLIC_KEY: must be the VAPID public key/);
      expect(() => loadConfig({ ...server, ...keys(), VAPID_SUBJECT: 'http://x' })).toThrow(
        /VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/,
      );
      expect(loadConfig({ ...server, ...keys() }).webPush.publicKey).toBe(vapid.publicKey);
    });
  });

  describe('social sign-in providers', () => {
    it('knows Google without configuration, but it is not usable until a client is given', () => {
      expect(loadConfig({ DATA_DIR: freshDataDir() }).oidcProviders).toEqual({
        google: { name: 'Google', client: null },
      });
    });

    it('reads the Google client and any number of other OpenID Connect providers', () => {
      const config = loadConfig({
        DATA_DIR: freshDataDir(),
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        OIDC_PROVIDERS: ' GitLab, keycloak ',
        OIDC_GITLAB_ISSUER: 'https://gitlab.com',
        OIDC_GITLAB_CLIENT_ID: 'gitlab-id',
        OIDC_GITLAB_CLIENT_SECRET: 'gitlab-secret',
        OIDC_KEYCLOAK_ISSUER: 'http://localhost:8081/realms/pathwise',
        OIDC_KEYCLOAK_CLIENT_ID: 'kc-id',
        OIDC_KEYCLOAK_CLIENT_SECRET: 'kc-secret',
      });
      expect(config.oidcProviders).toEqual({
        google: {
          name: 'Google',
          client: {
            issuer: 'https://accounts.google.com',
            clientId: 'google-id',
            clientSecret: 'google-secret',
          },
        },
        gitlab: {
          name: 'Gitlab',
          client: { issuer: 'https://gitlab.com', clientId: 'gitlab-id', clientSecret: 'gitlab-secret' },
        },
        keycloak: {
          name: 'Keycloak',
          client: {
            issuer: 'http://localhost:8081/realms/pathwise',
            clientId: 'kc-id',
            clientSecret: 'kc-secret',
          },
        },
      });
    });

    it('explains every incomplete or unsafe provider setting at once', () => {
      const attempt = () =>
        loadConfig({
          DATA_DIR: freshDataDir(),
          GOOGLE_CLIENT_ID: 'google-id',
          GOOGLE_ISSUER: 'http://accounts.example.com',
          OIDC_PROVIDERS: 'gitlab,google,bad-id',
          OIDC_GITLAB_ISSUER: 'gitlab.com',
        });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set/);
      expect(attempt).toThrow(
        /GOOGLE_ISSUER: must be an https:\/\/ URL \(http:\/\/ is accepted only for localhost\)/,
      );
      expect(attempt).toThrow(
        /OIDC_PROVIDERS: must be a comma-separated list of provider ids made of letters/,
      );
      expect(attempt).toThrow(/OIDC_PROVIDERS: must not list google: it is built in/);
      expect(attempt).toThrow(/OIDC_GITLAB_ISSUER: must be the issuer URL of an OpenID Connect provider/);
      expect(attempt).toThrow(/OIDC_GITLAB_CLIENT_ID: is required/);
      expect(attempt).toThrow(/OIDC_GITLAB_CLIENT_SECRET: is required/);
    });
  });
});
