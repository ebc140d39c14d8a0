import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A push message as the push service received it. */
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A browser's side of a subscription: the ECDH key pair and auth secret a browser makes (RFC 8291),
 * and the endpoint the push service gave it.
 */
export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  /** Decrypts a message sent to this subscription (aes128gcm) into its text. */
  decrypt(body: Buffer): string;
};

/**
 * A push service on 127.0.0.1 (plain http, so apps using it set WEB_PUSH_ALLOW_HTTP): it keeps every
 * POST and answers 201, or the status set for an endpoint with `answer` (410: the subscription is gone).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Messages received for `subscription`. */
    to: (subscription: TestSubscription) =>
      received.filter((push) => origin + push.path === subscription.endpoint),
    answer(subscription: TestSubscription, status: number) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    subscription(): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: `${origin}/push/${randomUUID()}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        ecdh,
        decrypt: (body) =>
          decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalPushService = Awaited<ReturnType<typeof startPushService>>;
