import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type StreamEvent = { event: string; id: string | undefined; data: unknown };

/** A Server-Sent Events stream read over real HTTP, as a browser would (with its bearer token). */
export type StreamClient = {
  status: number;
  contentType: string | null;
  /** Resolves with the next event of that name not taken yet, or fails after `timeoutMs`. */
  next(event: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Comment lines received so far (heartbeats). */
  comments: string[];
  /** The body ended (the server closed the stream). */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<StreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const comments: string[] = [];
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      events.push({ event: message.event ?? 'message', id: message.id, data: JSON.parse(message.data) });
      for (const wake of waiters) wake();
    },
    onComment: (comment) => {
      comments.push(comment);
      for (const wake of waiters) wake();
    },
  });

  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })();

  async function next(event: string, timeoutMs = 2_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = events.findIndex((candidate) => candidate.event === event);
      if (index >= 0) return events.splice(index, 1)[0]!;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no '${event}' event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, remaining);
        waiters.add(wake);
      });
    }
  }

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    next,
    comments,
    ended,
    close: () => controller.abort(),
  };
}
