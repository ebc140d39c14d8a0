import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  PASSWORD_RESET_LINK_MINUTES,
  type ResetPasswordBody,
  type SignupBody,
} from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { TokenService } from '../../lib/tokens.js';
import { insertAccount } from '../users/index.js';
import {
  findCredentialsByEmail,
  findPasswordHash,
  findPasswordReset,
  insertPasswordReset,
  raiseTokenVersion,
  usePasswordReset,
} from './auth.queries.js';

/** Verified against when the e-mail is unknown, so both failures take the same time. */
const DECOY_HASH = await hash('pathwise-decoy-password');

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAuthService({
  db,
  tokens,
  mailer,
  log,
}: {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const session = async (userId: number, tokenVersion: number) => ({
    accessToken: await tokens.sign(userId, tokenVersion),
    tokenType: 'Bearer' as const,
  });

  return {
    async signup(body: SignupBody) {
      const passwordHash = await hash(body.password);
      try {
        const { id } = await insertAccount(db, { name: body.name, email: body.email, passwordHash });
        return session(id, 0);
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
      return session(account.id, account.tokenVersion);
    },

    /** Ends every session of the user; the caller's device keeps one through the new token answered. */
    async signOutEverywhere(userId: number) {
      return session(userId, await raiseTokenVersion(db, userId));
    },

    /** Sets a new password, ending every other session; an account without one (social sign-in) needs no current one. */
    async changePassword(userId: number, body: ChangePasswordBody) {
      const account = await findPasswordHash(db, userId);
      if (account?.passwordHash) {
        if (body.currentPassword === undefined) {
          throw badRequest(AUTH_MESSAGES.currentPasswordRequired, [
            { field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordRequired },
          ]);
        }
        if (!(await verify(account.passwordHash, body.currentPassword))) {
          throw badRequest(AUTH_MESSAGES.currentPasswordWrong, [
            { field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordWrong },
          ]);
        }
      }
      return session(userId, await raiseTokenVersion(db, userId, await hash(body.newPassword)));
    },

    /**
     * Mails a reset link when `email` has an account. Answers the same, as fast, either way: the mail
     * is sent after the answer, so its delay does not tell that the account exists.
     */
    async forgotPassword(email: string, origin: string) {
      const account = await findCredentialsByEmail(db, email);
      if (!account) return;
      const token = randomBytes(32).toString('base64url');
      await insertPasswordReset(db, {
        tokenHash: sha256(token),
        userId: account.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_LINK_MINUTES * 60_000),
      });
      const link = `${origin}/reset-password?token=${token}`;
      mailer
        .send({
          to: email,
          subject: 'Reset your Pathwise password',
          text: [
            'Someone (hopefully you) asked to reset the password of your Pathwise account.',
            '',
            `Choose a new password here (the link works once, for one hour):`,
            link,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
        })
        .catch((err: unknown) => log.error({ err }, 'a password reset e-mail could not be sent'));
    },

    /** Sets the password from a reset link and ends every session of the account. */
    async resetPassword(body: ResetPasswordBody) {
      const tokenHash = sha256(body.token);
      const reset = await findPasswordReset(db, tokenHash);
      if (!reset) throw badRequest(AUTH_MESSAGES.resetLinkUnknown);
      if (reset.usedAt) throw badRequest(AUTH_MESSAGES.resetLinkUsed);
      if (reset.expiresAt.getTime() <= Date.now()) throw badRequest(AUTH_MESSAGES.resetLinkExpired);
      const passwordHash = await hash(body.password);
      await db.transaction(async (tx) => {
        if (!(await usePasswordReset(tx, tokenHash, reset.userId))) {
          throw badRequest(AUTH_MESSAGES.resetLinkUsed);
        }
        await raiseTokenVersion(tx, reset.userId, passwordHash);
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
