/**
 * The worker thread of `WorkerPGlite`: the embedded database runs here, so that its WebAssembly
 * takes a core of its own instead of the server's thread. Requests arrive as messages and are
 * answered in the order the database completes them; PGlite itself queues them (one statement at a
 * time, and none of another caller while a transaction is open), as it does on the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from './embedded-database.js';
import {
  type ThreadMessage,
  type ThreadRequest,
  toWireError,
  type WireQueryOptions,
} from './pglite-thread-protocol.js';

const port = parentPort!;
const send = (message: ThreadMessage) => port.postMessage(message);

/** Thrown into PGlite's transaction callback to have it roll back. */
class RollBack extends Error {}

type OpenTransaction = { tx: Transaction; end(commit: boolean): void; settled: Promise<void> };

const keepText = (value: string) => value;

function queryOptions({ rowMode, textTypes, paramTypes }: WireQueryOptions): QueryOptions {
  return {
    ...(rowMode && { rowMode }),
    ...(paramTypes && { paramTypes }),
    ...(textTypes && { parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) }),
  };
}

async function serve() {
  const database = await openEmbeddedDatabase(workerData.dataDir as string | undefined);
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();
  let nextTransaction = 0;

  const target = (tx: number | undefined) => {
    if (tx === undefined) return database;
    const open = transactions.get(tx);
    if (!open) throw new Error('the transaction has already ended');
    return open.tx;
  };

  /** Opens a transaction that stays open until its `end` message. */
  function begin(): Promise<number> {
    return new Promise((begun, failed) => {
      const id = nextTransaction++;
      const settled = database
        .transaction(
          (tx) =>
            new Promise<void>((commit, rollBack) => {
              transactions.set(id, {
                tx,
                end: (ok) => (ok ? commit() : rollBack(new RollBack())),
                settled,
              });
              begun(id);
            }),
        )
        .finally(() => transactions.delete(id));
      settled.catch(failed);
    });
  }

  async function end(tx: number, commit: boolean) {
    const open = transactions.get(tx);
    if (!open) return;
    open.end(commit);
    await open.settled.catch((error) => {
      if (!(error instanceof RollBack)) throw error;
    });
  }

  async function handle(request: ThreadRequest): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.text, request.params, queryOptions(request.options));
      case 'exec':
        return target(request.tx).exec(request.text);
      case 'begin':
        return begin();
      case 'end':
        return end(request.tx, request.commit);
      case 'listen': {
        const { listener } = request;
        const unlisten = await database.listen(request.channel, (payload) =>
          send({ kind: 'notification', listener, payload }),
        );
        unlisteners.set(listener, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.listener);
        unlisteners.delete(request.listener);
        return unlisten?.();
      }
      case 'close':
        if (!database.closed) await database.close();
        return undefined;
    }
  }

  port.on('message', (request: ThreadRequest) => {
    handle(request).then(
      (result) => send({ kind: 'reply', id: request.id, result }),
      (error) => send({ kind: 'reply', id: request.id, error: toWireError(error) }),
    );
  });
  send({ kind: 'ready' });
}

serve().catch((error) => send({ kind: 'failed', error: toWireError(error) }));
