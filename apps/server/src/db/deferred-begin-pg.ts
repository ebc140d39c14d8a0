import type pg from 'pg';

type QueryConfig = { text: string };
type Query = (config: unknown, ...rest: unknown[]) => Promise<unknown>;

/** What a statement that was not sent answers: Drizzle reads nothing of a `begin`'s result. */
const NOTHING_SENT = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string' ? config : (config as QueryConfig | null)?.text;
const opensTransaction = (text: string | undefined) => text?.startsWith('begin') === true;
const endsTransaction = (text: string | undefined) => text === 'commit' || text === 'rollback';

/**
 * Sends a transaction's `begin` in the same write as its first statement instead of in a round trip
 * of its own (bench/RESULTS.md: each round trip costs the server a system call and PostgreSQL a
 * wake-up, a like's transaction had six). The connection must be pipelined (`pipeline: true`), so
 * that the statement follows without waiting for the `begin`'s answer; a transaction that sends
 * nothing sends neither its `begin` nor its `commit` or `rollback`. Install with
 * `pool.on('connect', install)`, on connections whose every `query` call takes a promise.
 */
export function installDeferredBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } })
    .connection.stream;
  let deferred: unknown[] | undefined;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const text = textOf(config);
    if (opensTransaction(text)) {
      deferred = [config, ...rest];
      return Promise.resolve(NOTHING_SENT);
    }
    if (!deferred) return query(config, ...rest);
    const begin = deferred;
    deferred = undefined;
    if (endsTransaction(text)) return Promise.resolve({ ...NOTHING_SENT, command: text!.toUpperCase() });
    stream.cork();
    const begun = query(...(begin as [unknown, ...unknown[]]));
    const responded = query(config, ...rest);
    stream.uncork();
    // When the begin fails, so does the statement behind it (the connection is gone): its error is the
    // begin's.
    responded.catch(() => {});
    return begun.then(() => responded);
  }) as typeof client.query;
}

type Corkable = { cork(): void; uncork(): void };
