import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text: the mail is then multipart/alternative. */
  html?: string;
  /**
   * A link that unsubscribes with one POST (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post`, so mail clients can offer their own unsubscribe button.
   */
  oneClickUnsubscribe?: string;
};

/**
 * Sends mail through `smtpUrl`; without one, writes each mail to the log so a local user can still read it.
 */
export function createMailer({
  smtpUrl,
  from,
  log,
}: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail: Mail): Promise<void> {
      if (!transport) {
        log.info({ mail: { from, ...mail } }, 'MAIL NOT SENT (SMTP_URL is not set): its text follows');
        return;
      }
      const { oneClickUnsubscribe, ...message } = mail;
      await transport.sendMail({
        from,
        ...message,
        ...(oneClickUnsubscribe && {
          list: { unsubscribe: oneClickUnsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      });
    },
    close: () => transport?.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
