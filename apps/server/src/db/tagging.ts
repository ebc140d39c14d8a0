import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { tags } from './schema/index.js';

/**
 * The ids of the tags `names`, creating those nobody used yet, as a data-modifying `with` query. `do
 * update` (a no-op) returns the row a concurrent transaction has just added too, which `do nothing`
 * would leave out of the statement's snapshot. `names` must hold each name once (the contract's
 * `tagList` makes sure).
 */
export const upsertedTagIds = (names: readonly string[]): SQL =>
  sql`insert into ${tags} (name) select unnest(${sql.param([...names])}::text[])
    on conflict (name) do update set name = excluded.name returning id`;

/**
 * The names of the tags of the row `item` (a post's or plan's id column), alphabetical, from `link`
 * (`post_tags` or `plan_tags`) and its item column: one index read per row, and one per tag by its key.
 * A join would let the planner hash the whole `tags` table for each row while it is small.
 */
export const tagNamesOf = (link: SQLWrapper, linkItem: SQLWrapper, linkTag: SQLWrapper, item: SQLWrapper) =>
  sql<string[]>`array(select (select ${tags.name} from ${tags} where ${tags.id} = ${linkTag}) as name
    from ${link} where ${linkItem} = ${item} order by name)`;
