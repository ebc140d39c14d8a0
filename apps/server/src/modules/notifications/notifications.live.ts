import type { DatabaseHandle, Unlisten } from '../../db/client.js';
import { type LiveSignal, NOTIFICATIONS_CHANNEL } from './notifications.queries.js';
import type { LiveUpdate } from './notifications.service.js';

/** One open stream of a signed-in user, in this process. */
export type LiveSubscriber = {
  push(update: LiveUpdate): void;
  /** Signals may have been lost (the LISTEN connection broke): catch up from the database. */
  resync(): void;
  close(): void;
};

function parseSignal(payload: string): LiveSignal | null {
  try {
    const signal = JSON.parse(payload) as Partial<LiveSignal>;
    return Number.isInteger(signal.recipientId) ? (signal as LiveSignal) : null;
  } catch {
    return null;
  }
}

/**
 * The live fan-out of one server process: ONE `LISTEN` on the database, whichever process wrote the
 * notification, and a registry of this process's open streams by recipient. A signal for someone with
 * no stream here costs nothing; otherwise the update is loaded once and pushed to each of their streams.
 */
export function createLiveNotifications(
  database: DatabaseHandle,
  load: (signal: LiveSignal) => Promise<LiveUpdate>,
  onError: (error: unknown) => void,
) {
  const subscribers = new Map<number, Set<LiveSubscriber>>();
  let unlisten: Unlisten | undefined;
  // Updates are delivered one after another, so a stream never sees an older count after a newer one.
  let deliveries = Promise.resolve();

  async function deliver(signal: LiveSignal) {
    const audience = subscribers.get(signal.recipientId);
    if (!audience?.size) return;
    const update = await load(signal);
    for (const subscriber of audience) subscriber.push(update);
  }

  function resyncAll() {
    for (const audience of subscribers.values()) for (const subscriber of audience) subscriber.resync();
  }

  return {
    async start() {
      unlisten = await database.listen(
        NOTIFICATIONS_CHANNEL,
        (payload) => {
          const signal = parseSignal(payload);
          if (!signal) return;
          deliveries = deliveries.then(() => deliver(signal)).catch(onError);
        },
        { onResume: resyncAll },
      );
    },

    /** Ends every open stream (so the server can close) and stops listening. */
    async stop() {
      for (const audience of subscribers.values()) for (const subscriber of audience) subscriber.close();
      subscribers.clear();
      await unlisten?.().catch(onError);
      unlisten = undefined;
    },

    /** Registers a stream; the returned function unregisters it (call it when the stream closes). */
    subscribe(recipientId: number, subscriber: LiveSubscriber): () => void {
      const audience = subscribers.get(recipientId) ?? new Set();
      audience.add(subscriber);
      subscribers.set(recipientId, audience);
      return () => {
        audience.delete(subscriber);
        if (audience.size === 0 && subscribers.get(recipientId) === audience) subscribers.delete(recipientId);
      };
    },

    /** Open streams in this process (a stream that went away must not be counted). */
    subscriberCount(): number {
      let count = 0;
      for (const audience of subscribers.values()) count += audience.size;
      return count;
    },
  };
}
export type LiveNotifications = ReturnType<typeof createLiveNotifications>;

declare module 'fastify' {
  interface FastifyInstance {
    liveNotifications: LiveNotifications;
  }
}
