import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** `raw` is the whole message as delivered, for multipart mails (parse it with postal-mime). */
export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; raw: string };

/** The text of a single-part message as nodemailer writes it (7bit or quoted-printable). */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const text =
    header('Content-Transfer-Encoding').toLowerCase() === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server on `port` (default: a free one) on 127.0.0.1 that keeps every message delivered
 * to it and hands each to `onMail`.
 */
export async function startSmtpServer({
  port: wantedPort = 0,
  onMail,
}: {
  port?: number;
  onMail?: (mail: ReceivedMail) => void;
} = {}) {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMessage(raw),
          raw,
        };
        received.push(mail);
        onMail?.(mail);
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail delivered to `to`, waiting for it to arrive. */
    async mailTo(to: string): Promise<ReceivedMail> {
      for (;;) {
        const mail = received.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
