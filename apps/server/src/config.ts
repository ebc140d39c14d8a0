import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, { error: 'must be a number followed by s, m, h or d (for example 7d)' })
    .default('7d'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://pathwise.example' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.stringbool().default(false),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  trustProxy: boolean;
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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ?? persistedJwtSecret(dataDir),
    jwtExpiresInSeconds: durationToSeconds(e.JWT_EXPIRES_IN),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
  };
}
