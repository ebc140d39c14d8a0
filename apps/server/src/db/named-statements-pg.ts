import type pg from 'pg';

/** Statement texts given a name per pool; texts beyond this run unnamed (parsed and planned each time). */
const MAX_NAMED_STATEMENTS = 500;

/**
 * The session settings of every pooled connection. Generic plans, as on the embedded database
 * (client.ts): a named statement's plan is made once per connection instead of per request. Left on
 * `auto`, PostgreSQL keeps planning the feed afresh, because its generic plan, not knowing the
 * OFFSET, looks costlier than the custom ones. Page sizes are written into the statements
 * (`literalLimit`), so that no generic plan has to guess a `LIMIT $1` (bench/RESULTS.md).
 */
export const GENERIC_PLANS_OPTION = '-c plan_cache_mode=force_generic_plan';

type QueryConfig = { text: string; name?: string | undefined };

const isUnnamed = (config: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  !(config as QueryConfig).name;

/**
 * Names each statement by its text, as node-postgres does for statements given a name: it is
 * parsed once per connection and then only bound and executed, so PostgreSQL can keep its plan.
 * Install with `pool.on('connect', names.install)`; the names are shared by the pool's connections.
 */
export function namedStatements() {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED_STATEMENTS) {
      name = `pw_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    install(client: pg.PoolClient) {
      const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
      client.query = ((config: unknown, ...rest: unknown[]) => {
        const name = isUnnamed(config) ? nameOf(config.text) : undefined;
        return query(name ? { ...(config as QueryConfig), name } : config, ...rest);
      }) as typeof client.query;
    },
  };
}
