import path from 'node:path';
import { persistedJwtSecret } from '../apps/server/src/config.js';

/**
 * The token secret of a bench data set, on either database: JWT_SECRET when given, else the one kept
 * in DATA_DIR/jwt-secret. The seed signs the manifest's tokens with it and the server it starts checks
 * them with it (a server on PostgreSQL refuses to start without JWT_SECRET).
 */
export function benchSecret(dataDir: string): { JWT_SECRET: string } {
  return { JWT_SECRET: process.env.JWT_SECRET ?? persistedJwtSecret(path.resolve(dataDir)) };
}
