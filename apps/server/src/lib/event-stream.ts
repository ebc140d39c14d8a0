import type { FastifyReply } from 'fastify';

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export type EventStream = {
  /** Sends one event; `data` goes as JSON on one line. Does nothing once the stream is closed. */
  send(event: string, data: unknown, id?: number): void;
  close(): void;
  /** Closes the stream at that time (epoch milliseconds), e.g. when the credentials that opened it expire. */
  closeAt(epochMs: number): void;
  /** Called once the stream is over, whoever ended it (the client going away, or `close`). */
  onClose(listener: () => void): void;
};

/**
 * Turns the reply into a Server-Sent Events stream, outside Fastify's reply cycle (so no compression
 * or serialization touches it). A comment line every `heartbeatMs` keeps proxies from dropping a
 * quiet connection and reveals dead ones; `retryMs` tells the client how long to wait before reconnecting.
 */
export function openEventStream(
  reply: FastifyReply,
  { heartbeatMs, retryMs }: { heartbeatMs: number; retryMs: number },
): EventStream {
  reply.hijack();
  const response = reply.raw;
  // Headers set by hooks so far (request id, security headers) still apply.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (text: string) => {
    if (!response.writableEnded && !response.destroyed) response.write(text);
  };
  write(`retry: ${retryMs}\n\n`);
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  response.on('close', () => clearInterval(heartbeat));

  return {
    send(event, data, id) {
      write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close: () => response.end(),
    closeAt(epochMs) {
      let timer: NodeJS.Timeout;
      const arm = () => {
        const remaining = epochMs - Date.now();
        if (remaining <= 0) response.end();
        else timer = setTimeout(arm, Math.min(remaining, LONGEST_TIMEOUT_MS));
      };
      arm();
      response.on('close', () => clearTimeout(timer));
    },
    onClose: (listener) => response.on('close', listener),
  };
}
