import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };

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
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport?.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
