import webPush from 'web-push';
import type { WebPushConfig } from '../config.js';

/** A browser's push subscription as stored: its push service endpoint and its keys. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the push service answered: delivered, gone for good (404/410), or refused for another reason. */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'refused'; status: number; body: string };

/** A push that may succeed later (throttled, the service down): the job that sent it retries it. */
export class PushRetryError extends Error {}

/** How long a push service keeps a message for a device that is offline. */
const TIME_TO_LIVE_SECONDS = 24 * 3600;
/** A push service that answers nothing in this time is tried again later. */
const TIMEOUT_MS = 15_000;

/**
 * Sends Web Push messages (RFC 8030): `web-push` encrypts the payload for the device (RFC 8291,
 * aes128gcm) and signs the request with our VAPID key (RFC 8292); the request itself is sent with
 * `fetch`, which also speaks plain http to a local push service in tests (WEB_PUSH_ALLOW_HTTP).
 */
export function createWebPush(config: WebPushConfig) {
  const vapidDetails = {
    subject: config.subject,
    publicKey: config.publicKey,
    privateKey: config.privateKey,
  };
  return {
    publicKey: config.publicKey,

    /** Whether pushes may be sent to `endpoint`: https, or http where the configuration allows it. */
    acceptsEndpoint(endpoint: string): boolean {
      const { protocol } = new URL(endpoint);
      return protocol === 'https:' || (protocol === 'http:' && config.allowHttp);
    },

    async send(target: PushTarget, payload: string, topic: string): Promise<PushOutcome> {
      if (!this.acceptsEndpoint(target.endpoint)) return { kind: 'refused', status: 0, body: 'not https' };
      const request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: TIME_TO_LIVE_SECONDS, contentEncoding: 'aes128gcm', topic },
      );
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
          ),
          body: new Uint8Array(request.body),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new PushRetryError(`the push service could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.text()).slice(0, 500);
      if (response.ok) return { kind: 'sent' };
      if (response.status === 404 || response.status === 410) return { kind: 'gone' };
      if (response.status === 429 || response.status >= 500)
        throw new PushRetryError(`the push service answered ${response.status}: ${body}`);
      return { kind: 'refused', status: response.status, body };
    },
  };
}
export type WebPush = ReturnType<typeof createWebPush>;
