import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  fromWireError,
  type ThreadMessage,
  type ThreadRequest,
  type WireQueryOptions,
} from './pglite-thread-protocol.js';

type Call = { resolve(result: unknown): void; reject(error: Error): void };
/** A request without the id `#call` gives it. */
type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

/** The part of a PGlite transaction Drizzle uses. */
export type WorkerTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  readonly closed: boolean;
};

/**
 * Run from the TypeScript sources (tests, `npm run dev`), the thread's entry is TypeScript too and
 * needs tsx; the build bundles it next to main.js.
 */
function threadEntry() {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    url: new URL(fromSource ? './pglite-thread.ts' : './pglite-thread.js', import.meta.url),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (options?.serializers || options?.blob)
    throw new Error('the embedded database thread takes no serializers or blobs');
  return {
    ...(options?.rowMode && { rowMode: options.rowMode }),
    ...(options?.paramTypes && { paramTypes: options.paramTypes }),
    ...(options?.parsers && { textTypes: Object.keys(options.parsers).map(Number) }),
  };
}

/**
 * The embedded database (PGlite) in a worker thread: the part of PGlite's interface that Drizzle,
 * the migrator, pg-boss and LISTEN use, each call a message to the thread. There the database runs
 * on a core of its own, while this thread routes, checks and serialises requests (bench/RESULTS.md
 * measures the difference). Query options cross as `WireQueryOptions`.
 */
export class WorkerPGlite {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #calls = new Map<number, Call>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 0;
  #closed = false;

  constructor(dataDir: string | undefined) {
    const entry = threadEntry();
    this.#worker = new Worker(entry.url, { workerData: { dataDir }, execArgv: entry.execArgv });
    let running = false;
    this.waitReady = new Promise((ready, failed) => {
      this.#worker.on('message', (message: ThreadMessage) => {
        if (message.kind === 'ready') {
          running = true;
          ready();
        } else if (message.kind === 'failed') failed(fromWireError(message.error));
        else if (message.kind === 'notification') this.#listeners.get(message.listener)?.(message.payload);
        else this.#settle(message);
      });
      const stop = (error: Error) => {
        const lost = running && !this.#closed;
        this.#closed = true;
        failed(error);
        for (const call of this.#calls.values()) call.reject(error);
        this.#calls.clear();
        // On the server's thread a crashing database takes the process with it, and whatever restarts
        // the server opens the database again; the thread does the same rather than leave a server
        // that answers 500 to everything.
        if (lost)
          setImmediate(() => {
            throw error;
          });
      };
      this.#worker.on('error', stop);
      this.#worker.on('exit', (code) =>
        stop(new Error(`the embedded database thread ended (exit code ${code})`)),
      );
    });
  }

  get closed() {
    return this.#closed;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', text, params, options: wireOptions(options) }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text }) as Promise<Results[]>;
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const tx: WorkerTransaction = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#call({ op: 'query', text, params, options: wireOptions(options), tx: id }) as Promise<
          Results<R>
        >,
      exec: (text) => this.#call({ op: 'exec', text, tx: id }) as Promise<Results[]>,
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** LISTEN on `channel`; returns the function that stops it. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++;
    this.#listeners.set(listener, onPayload);
    await this.#call({ op: 'listen', channel, listener });
    return async () => {
      this.#listeners.delete(listener);
      await this.#call({ op: 'unlisten', listener });
    };
  }

  /** Closes the database (its files synced) and ends the thread. */
  async close() {
    if (this.#closed) return;
    await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  #call(request: Request): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(message: Extract<ThreadMessage, { kind: 'reply' }>) {
    const call = this.#calls.get(message.id);
    this.#calls.delete(message.id);
    if ('error' in message) call?.reject(fromWireError(message.error));
    else call?.resolve(message.result);
  }
}
