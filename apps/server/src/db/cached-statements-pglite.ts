import { messages, PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

type PreparedStatement = { name: string; parameterTypes: number[] };

/** Prepared statements kept per database; the least recently used one is closed beyond this. */
const MAX_STATEMENTS = 200;

/**
 * PGlite that keeps each statement run outside a transaction prepared, by its text, like
 * node-postgres does for named statements. PGlite's own `query` parses, plans and describes the
 * statement on every call, in six calls into WebAssembly; here a known statement is one Bind,
 * Describe, Execute and Sync message in a single call, and PostgreSQL may reuse its plan. That
 * alone took the feed from 374 to 962 requests per second on the embedded database (bench/RESULTS.md).
 */
export class CachedStatementsPGlite extends PGlite {
  readonly #statements = new Map<string, PreparedStatement>();
  #nextStatementId = 0;

  override async query<T>(
    query: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (options?.blob) return super.query<T>(query, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const statement = this.#statements.get(query) ?? (await this.#prepare(query, options));
        await this.#markUsed(query, statement);
        const messages = await this.#execute(query, statement, params, options);
        await this.syncToFs();
        return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
      }),
    );
  }

  /** Parses `query` under a new name and learns its parameter types; a bad query stores nothing. */
  async #prepare(query: string, options: QueryOptions | undefined): Promise<PreparedStatement> {
    const name = `pw_${this.#nextStatementId++}`;
    const messages = await this.#send(
      [
        serialize.parse({ name, text: query, ...(options?.paramTypes && { types: options.paramTypes }) }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ],
      query,
      [],
      options,
    );
    return { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
  }

  #execute(
    query: string,
    statement: PreparedStatement,
    params: unknown[],
    options: QueryOptions | undefined,
  ) {
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    return this.#send(
      [
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute(),
        serialize.sync(),
      ],
      query,
      params,
      options,
    );
  }

  /** Most recently used last, so the first entry is the one to close when there are too many. */
  async #markUsed(query: string, statement: PreparedStatement) {
    this.#statements.delete(query);
    this.#statements.set(query, statement);
    if (this.#statements.size <= MAX_STATEMENTS) return;
    const [oldestQuery, oldest] = this.#statements.entries().next().value as [string, PreparedStatement];
    this.#statements.delete(oldestQuery);
    await this.#send(
      [serialize.close({ type: 'S', name: oldest.name }), serialize.sync()],
      oldestQuery,
      [],
      undefined,
    );
  }

  /**
   * The protocol messages `parts`, in one call into PostgreSQL; a database error carries the query as
   * PGlite's own do.
   */
  async #send(parts: Uint8Array[], query: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      const onNotice = options?.onNotice;
      return await this.execProtocolStream(Buffer.concat(parts), {
        syncToFs: false,
        ...(onNotice && { onNotice }),
      });
    } catch (error) {
      if (error instanceof messages.DatabaseError)
        Object.assign(error, { query, params, queryOptions: options });
      throw error;
    }
  }
}
