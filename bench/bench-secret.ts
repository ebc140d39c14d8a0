import path from 'node:path';
import { persistedJwtSecret, persistedVapidKeys } from '../apps/server/src/config.js';

/**
 * The token secret of a bench data set, on either database: JWT_SECRET when given, else the one kept
 * in DATA_DIR/jwt-secret. The seed signs the manifest's tokens with it and the server it starts checks
 * them with it (a server on PostgreSQL refuses to start without JWT_SECRET).
 */
export function benchSecret(dataDir: string): Record<string, string> {
  const vapid = persistedVapidKeys(path.resolve(dataDir));
  return {
    JWT_SECRET: process.env.JWT_SECRET ?? persistedJwtSecret(path.resolve(dataDir)),
    // Required on PostgreSQL as JWT_SECRET is: the data set's own pair.
    VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY ?? vapid.publicKey,
    VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY ?? vapid.privateKey,
  };
}
