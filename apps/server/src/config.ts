import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An OpenID Connect issuer: https, or plain http only for a provider on this machine (development, tests). */
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

const oidcProviderIds = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
const OIDC_PROVIDER_ID = /^[a-z0-9]+$/;
const isOidcProviderId = (id: string) => OIDC_PROVIDER_ID.test(id) && id !== 'google';
const oidcEnvPrefix = (id: string) => `OIDC_${id.toUpperCase()}`;

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
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, { error: 'must be a number followed by s, m, h or d (for example 7d)' })
    .default('7d'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://pathwise.example' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.stringbool().default(false),
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
});

/** Both or neither: a half-configured Google sign-in would only fail later, in someone's browser. */
function requireGoogleClientPair(e: z.infer<typeof envSchema>, context: z.RefinementCtx) {
  if (Boolean(e.GOOGLE_CLIENT_ID) === Boolean(e.GOOGLE_CLIENT_SECRET)) return;
  const [missing, given] = e.GOOGLE_CLIENT_ID
    ? ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID']
    : ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'];
  context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
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
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  trustProxy: boolean;
  /** Social sign-in providers by lowercased id: `google` always, plus those named in OIDC_PROVIDERS. */
  oidcProviders: Record<string, OidcProvider>;
};

export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string };
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
function persistedJwtSecret(dataDir: string): string {
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const extraProviderIds = oidcProviderIds(env.OIDC_PROVIDERS).filter(isOidcProviderId);
  // `when`: reported together with any other bad value, not only once the rest is valid.
  const parsed = envSchema.superRefine(requireGoogleClientPair, { when: () => true }).safeParse(env);
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
    jwtSecret: e.JWT_SECRET ?? persistedJwtSecret(dataDir),
    jwtExpiresInSeconds: durationToSeconds(e.JWT_EXPIRES_IN),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
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
