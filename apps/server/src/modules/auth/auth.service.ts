import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  EMAIL_CHANGE_LINK_MINUTES,
  type LoginBody,
  PASSWORD_RESET_LINK_MINUTES,
  type ResetPasswordBody,
  type SignupBody,
} from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, forbidden, gone, notFound, unauthorized } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { linkRefusal, linkTokenHash, newLinkToken } from '../../lib/link-tokens.js';
import type { Mail, Mailer } from '../../lib/mail.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { TokenService } from '../../lib/tokens.js';
import { insertAccount } from '../users/index.js';
import {
  emailUsedByAnother,
  findCredentialsByEmail,
  findEmailChange,
  findPasswordHash,
  findPasswordReset,
  raiseTokenVersion,
  replaceEmail,
  replaceEmailChange,
  replacePasswordReset,
  useEmailChange,
  usePasswordReset,
} from './auth.queries.js';

/**
 * A signed-in user's new token version. A token checked a moment before its account was deleted (another
 * process's NOTIFY not heard yet) finds no row: signed out, as the next request would be.
 */
function stillThere(tokenVersion: number | null) {
  if (tokenVersion === null) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return tokenVersion;
}

const RESET_LINK_REFUSALS = {
  unknown: AUTH_MESSAGES.resetLinkUnknown,
  used: AUTH_MESSAGES.resetLinkUsed,
  expired: AUTH_MESSAGES.resetLinkExpired,
} as const;
const EMAIL_LINK_REFUSALS = {
  unknown: AUTH_MESSAGES.emailLinkUnknown,
  used: AUTH_MESSAGES.emailLinkUsed,
  expired: AUTH_MESSAGES.emailLinkExpired,
} as const;

/**
 * Refuses with a 400 on `field` unless `given` is the account's password; an account without one (made
 * by social sign-in) has nothing to give and passes.
 */
async function requireCurrentPassword(
  passwords: PasswordHasher,
  passwordHash: string | null,
  given: string | undefined,
  field: string,
) {
  if (!passwordHash) return;
  if (given === undefined) {
    throw badRequest(AUTH_MESSAGES.currentPasswordRequired, [
      { field, message: AUTH_MESSAGES.currentPasswordRequired },
    ]);
  }
  if (!(await passwords.verify(passwordHash, given))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, [
      { field, message: AUTH_MESSAGES.currentPasswordWrong },
    ]);
  }
}

export function createAuthService({
  db,
  tokens,
  mailer,
  passwords,
  log,
}: {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  passwords: PasswordHasher;
  log: FastifyBaseLogger;
}) {
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  const decoyHash = passwords.hash('pathwise-decoy-password');

  /** Mails after the response: a slow or failing mail server neither delays nor fails the request. */
  const sendLater = (mail: Mail) => {
    mailer
      .send(mail)
      .catch((err: unknown) => log.error({ err, subject: mail.subject }, 'an e-mail could not be sent'));
  };

  const session = async (userId: number, tokenVersion: number) => ({
    accessToken: await tokens.sign(userId, tokenVersion),
    tokenType: 'Bearer' as const,
  });

  return {
    async signup(body: SignupBody) {
      const passwordHash = await passwords.hash(body.password);
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
      const valid = await passwords.verify(account?.passwordHash ?? (await decoyHash), body.password);
      // A 400, as OAuth 2's token endpoint answers invalid_grant: a 401 means "your token is not valid",
      // which clients (the spec's among them) handle by dropping the session and reloading.
      if (!account?.passwordHash || !valid) throw badRequest(AUTH_MESSAGES.invalidCredentials);
      // Told only to whoever knows the password: others learn nothing about the account.
      if (account.suspended) throw forbidden(AUTH_MESSAGES.accountSuspended);
      return session(account.id, account.tokenVersion);
    },

    /** Ends every session of the user; the caller's device keeps one through the new token answered. */
    async signOutEverywhere(userId: number) {
      return session(userId, stillThere(await raiseTokenVersion(db, userId)));
    },

    /**
     * Sets a new password, ending every other session; an account without one (social sign-in) needs no
     * current one.
     */
    async changePassword(userId: number, body: ChangePasswordBody) {
      const account = await findPasswordHash(db, userId);
      await requireCurrentPassword(
        passwords,
        account?.passwordHash ?? null,
        body.currentPassword,
        'currentPassword',
      );
      const passwordHash = await passwords.hash(body.newPassword);
      return session(userId, stillThere(await raiseTokenVersion(db, userId, passwordHash)));
    },

    /**
     * Mails a reset link when `email` has an account that is not suspended. Answers the same, as fast,
     * either way: the mail is sent after the response, so its delay does not tell that the account exists.
     */
    async forgotPassword(email: string, origin: string) {
      const account = await findCredentialsByEmail(db, email);
      if (!account || account.suspended) return;
      const { token, tokenHash, expiresAt } = newLinkToken(PASSWORD_RESET_LINK_MINUTES);
      await db.transaction((tx) => replacePasswordReset(tx, { tokenHash, userId: account.id, expiresAt }));
      const link = `${origin}/reset-password?token=${token}`;
      sendLater({
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
      });
    },

    /**
     * Whether a reset link still works, so the page it opens can say so before a password is typed.
     * Nothing is used up: the link stays as it was.
     */
    async checkResetLink(token: string) {
      const reset = await findPasswordReset(db, linkTokenHash(token));
      const refusal = linkRefusal(reset);
      if (refusal === 'unknown' || !reset) throw notFound(AUTH_MESSAGES.resetLinkUnknown);
      if (refusal) throw gone(RESET_LINK_REFUSALS[refusal]);
      if (reset.suspended) throw forbidden(AUTH_MESSAGES.accountSuspended);
    },

    /**
     * Sets the password from a reset link and ends every session of the account. A link mailed before
     * the account was suspended is refused (and stays unused) while it is.
     */
    async resetPassword(body: ResetPasswordBody) {
      const tokenHash = linkTokenHash(body.token);
      const reset = await findPasswordReset(db, tokenHash);
      const refusal = linkRefusal(reset);
      if (refusal || !reset) throw badRequest(RESET_LINK_REFUSALS[refusal ?? 'unknown']);
      if (reset.suspended) throw forbidden(AUTH_MESSAGES.accountSuspended);
      const passwordHash = await passwords.hash(body.password);
      await db.transaction(async (tx) => {
        if (!(await usePasswordReset(tx, tokenHash, reset.userId))) {
          throw badRequest(AUTH_MESSAGES.resetLinkUsed);
        }
        await raiseTokenVersion(tx, reset.userId, passwordHash);
      });
    },

    /**
     * Checks that the person deleting the account is its owner: the password, or for an account without
     * one (social sign-in) the address typed out, which guards against a slip, not against a stolen token.
     */
    async confirmDeletion(userId: number, body: DeleteAccountBody) {
      const account = await findPasswordHash(db, userId);
      if (!account) throw badRequest(AUTH_MESSAGES.unauthenticated);
      if (account.passwordHash) {
        await requireCurrentPassword(passwords, account.passwordHash, body.password, 'password');
      } else if (body.email?.trim().toLowerCase() !== account.email.toLowerCase()) {
        throw badRequest(ACCOUNT_MESSAGES.emailMismatch, [
          { field: 'email', message: ACCOUNT_MESSAGES.emailMismatch },
        ]);
      }
    },

    /**
     * Mails a confirmation link to the new address; the account keeps its address until the link is
     * opened. An address another account uses is refused as sign-up refuses it: nothing new is told.
     */
    async changeEmail(userId: number, body: ChangeEmailBody, origin: string) {
      const account = await findPasswordHash(db, userId);
      if (!account) throw badRequest(AUTH_MESSAGES.unauthenticated);
      await requireCurrentPassword(passwords, account.passwordHash, body.currentPassword, 'currentPassword');
      if (account.email.toLowerCase() === body.newEmail.toLowerCase()) {
        throw badRequest(AUTH_MESSAGES.emailUnchanged, [
          { field: 'newEmail', message: AUTH_MESSAGES.emailUnchanged },
        ]);
      }
      if (await emailUsedByAnother(db, body.newEmail, userId)) {
        throw conflict(AUTH_MESSAGES.emailTaken, [{ field: 'newEmail', message: AUTH_MESSAGES.emailTaken }]);
      }
      const { token, tokenHash, expiresAt } = newLinkToken(EMAIL_CHANGE_LINK_MINUTES);
      await db.transaction((tx) =>
        replaceEmailChange(tx, { tokenHash, userId, newEmail: body.newEmail, expiresAt }),
      );
      sendLater({
        to: body.newEmail,
        subject: 'Confirm your new Pathwise e-mail address',
        text: [
          `Someone (hopefully you) asked to use this address for the Pathwise account of ${account.email}.`,
          '',
          'Confirm it here (the link works once, for one hour):',
          `${origin}/confirm-email?token=${token}`,
          '',
          'If you did not ask for this, ignore this e-mail: nothing changes.',
        ].join('\n'),
      });
      return AUTH_MESSAGES.emailChangeLinkSent(body.newEmail);
    },

    /** Moves the account to the address its link was sent to, and tells the address it leaves. */
    async confirmEmail(token: string) {
      const tokenHash = linkTokenHash(token);
      const change = await findEmailChange(db, tokenHash);
      const refusal = linkRefusal(change);
      if (refusal || !change) throw badRequest(EMAIL_LINK_REFUSALS[refusal ?? 'unknown']);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          if (!(await useEmailChange(tx, tokenHash, change.userId)))
            throw badRequest(AUTH_MESSAGES.emailLinkUsed);
          return replaceEmail(tx, change.userId, change.newEmail);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTakenMeanwhile);
        throw error;
      }
      if (previous === null) throw badRequest(AUTH_MESSAGES.emailLinkUnknown);
      sendLater({
        to: previous,
        subject: 'Your Pathwise e-mail address was changed',
        text: [
          `The e-mail address of your Pathwise account is now ${change.newEmail}.`,
          'This address will no longer receive mail from Pathwise nor sign in.',
          '',
          'If this was not you, someone else has access to your account: tell the people who run this ' +
            'Pathwise site.',
        ].join('\n'),
      });
      return AUTH_MESSAGES.emailChanged(change.newEmail);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
