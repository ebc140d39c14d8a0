import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, type LoginBody, type SignupBody } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { TokenService } from '../../lib/tokens.js';
import { insertAccount } from '../users/index.js';
import { findCredentialsByEmail } from './auth.queries.js';

/** Verified against when the e-mail is unknown, so both failures take the same time. */
const DECOY_HASH = await hash('pathwise-decoy-password');

export function createAuthService(db: Database, tokens: TokenService) {
  return {
    async signup(body: SignupBody) {
      const passwordHash = await hash(body.password);
      try {
        const { id } = await insertAccount(db, { name: body.name, email: body.email, passwordHash });
        return { accessToken: await tokens.sign(id), tokenType: 'Bearer' as const };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(body: LoginBody) {
      const account = await findCredentialsByEmail(db, body.email);
      const valid = await verify(account?.passwordHash ?? DECOY_HASH, body.password);
      // A 400, as OAuth 2's token endpoint answers invalid_grant: a 401 means "your token is not valid",
      // which clients (the spec's among them) handle by dropping the session and reloading.
      if (!account?.passwordHash || !valid) throw badRequest(AUTH_MESSAGES.invalidCredentials);
      return { accessToken: await tokens.sign(account.id), tokenType: 'Bearer' as const };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
