import { AsyncLocalStorage } from 'node:async_hooks';

/** What this needs of a database (client.ts's `Database`, not imported: client.ts installs this). */
type Transactional = { transaction: (...args: never[]) => Promise<unknown> };
type Deferred<D> = (db: D) => Promise<void>;
type OpenTransaction = { deferred: Deferred<unknown>[] };

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Makes `db.transaction` run, once the transaction has committed, what its statements deferred with
 * `afterCommit` (in order, on `db`; nothing when it rolled back), before it returns. A savepoint
 * (`tx.transaction`) defers to its transaction.
 */
export function deferringAfterCommit<D extends Transactional>(db: D): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<D['transaction']>) => {
    const open: OpenTransaction = { deferred: [] };
    const result = await openTransaction.run(open, () => transaction(...args));
    for (const action of open.deferred) await action(db);
    return result;
  }) as D['transaction'];
}

/**
 * Runs `action` after the surrounding transaction commits (at once when there is none), on a
 * connection of the pool: for what must not hold a transaction's locks, such as NOTIFY, which takes a
 * lock shared by every database until its transaction's commit is flushed to disk, one commit at a time.
 */
export async function afterCommit<D>(db: D, action: Deferred<D>): Promise<void> {
  const open = openTransaction.getStore();
  if (open) open.deferred.push(action as Deferred<unknown>);
  else await action(db);
}
