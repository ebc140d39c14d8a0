import { DIGEST_LIMITS, DIGEST_MESSAGES } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { signedLinkToken, signedLinkTokenId } from '../../lib/link-tokens.js';
import type { Mailer } from '../../lib/mail.js';
import { digestMail } from './digests.mail.js';
import {
  claimDigestRecipients,
  type DigestRecipient,
  releaseDigestClaims,
  selectDigestContent,
  turnDigestOff,
} from './digests.queries.js';

/** The purpose the unsubscribe links are signed for. */
const UNSUBSCRIBE = 'digest-unsubscribe';

export type DigestBatch = { claimed: number; sent: number; failed: number };

/**
 * The e-mail digest: who is due (`claimDigestRecipients`), what to tell them, the mail, and its
 * one-click unsubscribe link, signed with the server's secret (the previous one still accepted during a
 * rotation), so it needs no sign-in and no stored token.
 */
export function createDigestService({
  db,
  mailer,
  publicUrl,
  secret,
  previousSecret,
  log,
}: {
  db: Database;
  mailer: Mailer;
  /** Where the mail's links lead; without it no digest can be sent. */
  publicUrl: string | undefined;
  secret: string;
  previousSecret: string | undefined;
  log: FastifyBaseLogger;
}) {
  const secrets = previousSecret ? [secret, previousSecret] : [secret];
  const unsubscribeUrl = (origin: string, userId: number) =>
    `${origin}/api/notifications/digest/unsubscribe?token=${signedLinkToken(UNSUBSCRIBE, userId, secret)}`;

  async function mail(origin: string, recipient: DigestRecipient, content: Parameters<typeof digestMail>[1]) {
    try {
      await mailer.send(
        digestMail(recipient, content, { origin, unsubscribeUrl: unsubscribeUrl(origin, recipient.id) }),
      );
      return true;
    } catch (error) {
      log.warn(
        { err: error, userId: recipient.id },
        'a digest could not be sent; it is tried again next run',
      );
      return false;
    }
  }

  return {
    /**
     * Mails one batch of the people whose digest is due: a claim, one read of everything the digests
     * tell, then the mails (the claim of a failed one, or of one left with nothing to tell, is given
     * back). The same statements whatever the batch's size.
     */
    async sendBatch(limit: number = DIGEST_LIMITS.batch): Promise<DigestBatch> {
      if (!publicUrl) return { claimed: 0, sent: 0, failed: 0 };
      const recipients = await claimDigestRecipients(db, limit);
      if (recipients.length === 0) return { claimed: 0, sent: 0, failed: 0 };
      const contents = new Map((await selectDigestContent(db, recipients)).map((row) => [row.id, row]));
      const failed: DigestRecipient[] = [];
      // Read between the claim and now, what was unread may not be any more: nothing to tell, no mail.
      const emptied: DigestRecipient[] = [];
      for (const recipient of recipients) {
        const content = contents.get(recipient.id);
        if (!content || content.unread === 0) emptied.push(recipient);
        else if (!(await mail(publicUrl, recipient, content))) failed.push(recipient);
      }
      await releaseDigestClaims(db, [...failed, ...emptied]);
      const sent = recipients.length - failed.length - emptied.length;
      return { claimed: recipients.length, sent, failed: failed.length };
    },

    /** Mails every digest that is due, batch after batch, until none is left. */
    async sendDue(): Promise<DigestBatch> {
      if (!publicUrl) {
        log.warn('digests are not sent: PUBLIC_URL is not set, so their links would lead nowhere');
        return { claimed: 0, sent: 0, failed: 0 };
      }
      const total: DigestBatch = { claimed: 0, sent: 0, failed: 0 };
      for (;;) {
        const batch = await this.sendBatch();
        total.claimed += batch.claimed;
        total.sent += batch.sent;
        total.failed += batch.failed;
        // A failed send's person is claimable again at once: stop rather than retry them in a loop.
        if (batch.claimed < DIGEST_LIMITS.batch || batch.failed > 0) return total;
      }
    },

    /** The account an unsubscribe link is for; a link not signed by this server is a 400. */
    userOfToken(token: string): number {
      const userId = signedLinkTokenId(UNSUBSCRIBE, token, secrets);
      if (userId === null) throw badRequest(DIGEST_MESSAGES.invalidToken);
      return userId;
    },

    /** RFC 8058's one-click unsubscribe: the digest is turned off (again, if it already was). */
    async unsubscribe(token: string): Promise<void> {
      await turnDigestOff(db, this.userOfToken(token));
    },
  };
}
export type DigestService = ReturnType<typeof createDigestService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The digests of this app: `npm run digests` and the tests send them without waiting for the hour. */
    digests: DigestService;
  }
}
