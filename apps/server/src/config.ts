import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import type { S3Settings } from './lib/storage/s3-storage.js';
import type { LogFormat } from './lib/terminal-log.js';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An OpenID Connect issuer: https, or plain http only for a provider on this machine (development, tests).
 */
const issuerUrl = z
  .url({ error: 'must be the issuer URL of an OpenID Connect provider, such as https://accounts.google.com' })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true; // z.url() has already said what is wrong
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    },
    { error: 'must be an https:// URL (http:// is accepted only for localhost)' },
  );

/** An origin as browsers send it in `Origin`: scheme, host and port only (a trailing slash is tolerated). */
const isWebOrigin = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return ['http:', 'https:'].includes(url.protocol) && url.origin === value.replace(/\/$/, '');
};

const oidcProviderIds = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
const OIDC_PROVIDER_ID = /^[a-z0-9]+$/;
const isOidcProviderId = (id: string) => OIDC_PROVIDER_ID.test(id) && id !== 'google';
const oidcEnvPrefix = (id: string) => `OIDC_${id.toUpperCase()}`;

const jwtSecret = z.string().min(32, { error: 'must be at least 32 characters long' });

/** VAPID keys as `npx web-push generate-vapid-keys` prints them: base64url, P-256. */
const vapidKey = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `must be the VAPID ${what} key, base64url` })
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, {
      error: `must be the VAPID ${what} key: ${bytes} bytes, base64url (npx web-push generate-vapid-keys)`,
    });

/** The only reader of process.env: everything the server can be configured with, parsed once. */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATABASE_LOG_STATEMENTS: z.stringbool().default(false),
  EMBEDDED_DATABASE_THREAD: z.enum(['worker', 'main'], { error: 'must be worker or main' }).default('worker'),
  JWT_SECRET: jwtSecret.optional(),
  JWT_SECRET_PREVIOUS: jwtSecret.optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  EXPLORE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PAGE_CACHE: z.stringbool({ error: 'must be true or false' }).default(true),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, { error: 'must be a number followed by s, m, h or d (for example 7d)' })
    .default('7d'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://pathwise.example' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com',
    })
    .optional(),
  MAIL_FROM: z.string().min(1).default('Pathwise <no-reply@localhost>'),
  TRUST_PROXY: z.stringbool().default(false),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((list) =>
      (list ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      error: 'must be a comma-separated list of e-mail addresses such as ann@example.com,bob@example.com',
    }),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((list) =>
      (list ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every(isWebOrigin), {
      error:
        'must be a comma-separated list of origins such as ' +
        'https://app.example.com,http://localhost:3000 (scheme, host and port; no path)',
    })
    .transform((origins) => origins.map((origin) => new URL(origin).origin)),
  JOB_WORKERS: z.stringbool().default(true),
  PUBLIC_READING: z.stringbool({ error: 'must be true or false' }).default(false),
  GOOGLE_ISSUER: issuerUrl.default(GOOGLE_ISSUER),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((value) => oidcProviderIds(value))
    .refine((ids) => ids.every((id) => OIDC_PROVIDER_ID.test(id)), {
      error:
        'must be a comma-separated list of provider ids made of letters and digits (for example gitlab,okta)',
    })
    .refine((ids) => !ids.includes('google'), {
      error: 'must not list google: it is built in (use GOOGLE_*)',
    }),
  MEDIA_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'must be the URL of the S3 API, such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'must be true or false' }).default(false),
  FEDERATION: z.stringbool({ error: 'must be true or false' }).default(false),
  FEDERATION_ALLOW_PRIVATE: z.stringbool({ error: 'must be true or false' }).default(false),
  VAPID_PUBLIC_KEY: vapidKey(65, 'public').optional(),
  VAPID_PRIVATE_KEY: vapidKey(32, 'private').optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^mailto:\S+@\S+$/.test(value) || /^https:\/\/\S+$/.test(value), {
      error: 'must be a mailto: address or an https:// URL where the push services can reach you',
    })
    .optional(),
  WEB_PUSH_ALLOW_HTTP: z.stringbool({ error: 'must be true or false' }).default(false),
});

/**
 * Other servers build every address of a person (`@handle@host`, the actor, its inbox) from PUBLIC_URL,
 * and Mastodon fetches and signs over https only: without it nothing would be reachable. Plain http and
 * loopback hosts are for tests, behind FEDERATION_ALLOW_PRIVATE, which also lets this server fetch them.
 */
function requireFederationUrl(e: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  if (!e.FEDERATION) return;
  const issue = (message: string) => context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message });
  if (!e.PUBLIC_URL) {
    issue(
      'is required when FEDERATION=true: the https:// address other servers reach this one at, ' +
        'such as https://pathwise.example',
    );
    return;
  }
  if (!URL.canParse(e.PUBLIC_URL)) return; // its own check has said what is wrong
  const url = new URL(e.PUBLIC_URL);
  if (url.pathname !== '/' || url.search || url.hash) {
    issue('must be an origin (scheme, host and port, no path) when FEDERATION=true');
    return;
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (e.FEDERATION_ALLOW_PRIVATE ? !loopback : url.protocol !== 'https:') {
    issue(
      e.FEDERATION_ALLOW_PRIVATE
        ? 'must be a localhost or 127.0.0.1 address when FEDERATION_ALLOW_PRIVATE=true (tests only)'
        : 'must be an https:// URL when FEDERATION=true (other servers only talk to https)',
    );
  }
}

/** With MEDIA_STORAGE=s3: a bucket, and access keys both or neither (neither: the SDK's credential chain). */
function requireS3Settings(e: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  if (e.MEDIA_STORAGE !== 's3') return;
  if (!e.S3_BUCKET)
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORAGE=s3' });
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const [missing, given] = e.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
  }
}

function mediaStorageOf(e: z.infer<typeof envSchema>): MediaStorageConfig {
  if (e.MEDIA_STORAGE === 'local' || !e.S3_BUCKET) return { driver: 'local' };
  return {
    driver: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

/** Both or neither: a half-configured Google sign-in would only fail later, in someone's browser. */
function requireGoogleClientPair(e: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  if (Boolean(e.GOOGLE_CLIENT_ID) === Boolean(e.GOOGLE_CLIENT_SECRET)) return;
  const [missing, given] = e.GOOGLE_CLIENT_ID
    ? ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID']
    : ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'];
  context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
}

/**
 * On a PostgreSQL server, several processes may share the database: a secret generated by each would
 * make every process refuse the others' tokens.
 */
function requireSharedSecret(e: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  if (!e.DATABASE_URL || e.JWT_SECRET) return;
  context.addIssue({
    code: 'custom',
    path: ['JWT_SECRET'],
    message:
      'is required with DATABASE_URL, so that every server process on that database signs and accepts ' +
      'the same tokens: make one with `openssl rand -base64 48` and give the same value to each process',
  });
}

/**
 * VAPID keys both or neither; on a PostgreSQL server both, since a browser subscribed with one
 * process's public key accepts pushes signed by that key only, whichever process sends them.
 */
function requireVapidKeys(e: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const [missing, given] = e.VAPID_PUBLIC_KEY
      ? ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY']
      : ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];
    context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
    return;
  }
  if (!e.DATABASE_URL || e.VAPID_PUBLIC_KEY) return;
  for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'])
    context.addIssue({
      code: 'custom',
      path: [key],
      message:
        'is required with DATABASE_URL, so that every server process signs pushes with the key browsers ' +
        'subscribed with: make a pair with `npx web-push generate-vapid-keys` and give it to each process',
    });
}

/** The settings of one more OpenID Connect provider named in OIDC_PROVIDERS, read from OIDC_<ID>_*. */
function oidcProviderShape(id: string) {
  const prefix = oidcEnvPrefix(id);
  return {
    [`${prefix}_ISSUER`]: issuerUrl,
    [`${prefix}_CLIENT_ID`]: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
    [`${prefix}_CLIENT_SECRET`]: z.string({ error: 'is required' }).min(1, { error: 'is required' }),
  };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Every SQL statement sent, with its parameters, written to stdout (the bench replays them). */
  databaseLogStatements: boolean;
  /** Where the embedded database runs without DATABASE_URL: a worker thread, or the server's own. */
  embeddedDatabaseThread: 'worker' | 'main';
  /** How long a process keeps a token's user without reading it again (db/session-cache.ts); 0: never. */
  sessionCacheSeconds: number;
  /** How long a process keeps the Explore page's shared rankings (modules/explore); 0: ranks each request. */
  exploreCacheSeconds: number;
  /** Whether each process keeps the first page of Latest posts built (db/shared-pages.ts). */
  pageCache: boolean;
  jwtSecret: string;
  /** The secret before the last rotation: tokens it signed are still accepted, none are signed with it. */
  jwtPreviousSecret: string | undefined;
  jwtExpiresInSeconds: number;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Plain lines or JSON lines; unset: plain in a terminal, JSON otherwise (lib/terminal-log.ts). */
  logFormat: LogFormat | undefined;
  authRateLimitPerMinute: number;
  /** Where e-mail is sent; without it, mails are written to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  /** Other origins whose web pages may call the API (CORS); the server's own origin always can. */
  corsOrigins: string[];
  /** The accounts (by lowercased e-mail) that moderate: see reports, close them, see the moderation log. */
  adminEmails: ReadonlySet<string>;
  /** Whether this process runs background jobs (every process enqueues them). */
  jobWorkers: boolean;
  /**
   * Whether the periodic jobs (group check-ins; digests too where PUBLIC_URL is set) are scheduled where
   * job workers run: always in a server process; the tests turn it off so none runs under their counts.
   */
  schedules: boolean;
  /**
   * Whether visitors without an account may read public content (the routes marked readable in
   * plugins/public-routes.ts): off by default, when every page but sign-in needs an account.
   */
  publicReading: boolean;
  /** Social sign-in providers by lowercased id: `google` always, plus those named in OIDC_PROVIDERS. */
  oidcProviders: Record<string, OidcProvider>;
  /** Where uploaded media live: DATA_DIR/media, or an S3-compatible bucket. */
  mediaStorage: MediaStorageConfig;
  webPush: WebPushConfig;
  /** ActivityPub (FEDERATION=true): people followable from other servers; null when off. */
  federation: FederationConfig | null;
};

export type FederationConfig = {
  /** PUBLIC_URL's origin: every actor's address is built from it, whatever host a request came to. */
  origin: string;
  /** FEDERATION_ALLOW_PRIVATE: fetch and deliver to loopback addresses (tests only). */
  allowPrivateAddress: boolean;
};

/**
 * Web Push: the VAPID key pair pushes are signed with, the contact the push services see
 * (`mailto:` or `https:`), and whether plain-http push services are accepted (tests only).
 */
export type WebPushConfig = { publicKey: string; privateKey: string; subject: string; allowHttp: boolean };

export type MediaStorageConfig = { driver: 'local' } | { driver: 's3'; s3: S3Settings };

export type OidcClientSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How long the provider's metadata may take to arrive; 10 s unless set (tests on a loaded machine). */
  discoveryTimeoutSeconds?: number;
};
export type OidcProvider = {
  /** How messages name the provider: 'Google', or the id with a capital first letter. */
  name: string;
  /** null: a provider we know (Google) that this server has no client id and secret for. */
  client: OidcClientSettings | null;
};

export class ConfigError extends Error {}

const SECONDS_PER_UNIT = { s: 1, m: 60, h: 3600, d: 86400 } as const;

function durationToSeconds(value: string): number {
  const unit = value.slice(-1) as keyof typeof SECONDS_PER_UNIT;
  return Number(value.slice(0, -1)) * SECONDS_PER_UNIT[unit];
}

/** Without JWT_SECRET, a secret is generated once and kept in DATA_DIR so restarts keep sessions. */
export function persistedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Without VAPID_* keys, a pair is generated once and kept in DATA_DIR, so subscriptions outlive restarts. */
export function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const keys = webPush.generateVAPIDKeys();
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    return keys;
  }
}

/** The contact push services see: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM's address. */
function vapidSubjectOf(e: z.infer<typeof envSchema>): string {
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  if (e.PUBLIC_URL?.startsWith('https://')) return e.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const extraProviderIds = oidcProviderIds(env.OIDC_PROVIDERS).filter(isOidcProviderId);
  // `when`: reported together with any other bad value, not only once the rest is valid.
  const parsed = envSchema
    .superRefine(requireGoogleClientPair, { when: () => true })
    .superRefine(requireS3Settings, { when: () => true })
    .superRefine(requireSharedSecret, { when: () => true })
    .superRefine(requireFederationUrl, { when: () => true })
    .superRefine(requireVapidKeys, { when: () => true })
    .safeParse(env);
  const extra = z.object(Object.assign({}, ...extraProviderIds.map(oidcProviderShape))).safeParse(env);
  const issues = [...(parsed.error?.issues ?? []), ...(extra.error?.issues ?? [])];
  if (!parsed.success || !extra.success) {
    const lines = issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const extraSetting = (id: string, name: string) => String(extra.data[`${oidcEnvPrefix(id)}_${name}`]);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseLogStatements: e.DATABASE_LOG_STATEMENTS,
    embeddedDatabaseThread: e.EMBEDDED_DATABASE_THREAD,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    exploreCacheSeconds: e.EXPLORE_CACHE_SECONDS,
    pageCache: e.PAGE_CACHE,
    jwtSecret: e.JWT_SECRET ?? persistedJwtSecret(dataDir),
    jwtPreviousSecret: e.JWT_SECRET_PREVIOUS,
    jwtExpiresInSeconds: durationToSeconds(e.JWT_EXPIRES_IN),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    mediaStorage: mediaStorageOf(e),
    corsOrigins: e.CORS_ORIGINS,
    webPush: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : persistedVapidKeys(dataDir)),
      subject: vapidSubjectOf(e),
      allowHttp: e.WEB_PUSH_ALLOW_HTTP,
    },
    adminEmails: new Set(e.ADMIN_EMAILS),
    jobWorkers: e.JOB_WORKERS,
    schedules: true,
    publicReading: e.PUBLIC_READING,
    federation:
      e.FEDERATION && e.PUBLIC_URL
        ? { origin: new URL(e.PUBLIC_URL).origin, allowPrivateAddress: e.FEDERATION_ALLOW_PRIVATE }
        : null,
    oidcProviders: {
      google: {
        name: 'Google',
        client:
          e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
            ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
            : null,
      },
      ...Object.fromEntries(
        extraProviderIds.map((id) => [
          id,
          {
            name: id.charAt(0).toUpperCase() + id.slice(1),
            client: {
              issuer: extraSetting(id, 'ISSUER'),
              clientId: extraSetting(id, 'CLIENT_ID'),
              clientSecret: extraSetting(id, 'CLIENT_SECRET'),
            },
          },
        ]),
      ),
    },
  };
}
