import { SEARCH_LIMITS } from '@pathwise/contract';
import { and, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { isFollowedBy } from '../../db/follow-state.js';
import { learningPlans, posts, users } from '../../db/schema/index.js';
import { visibleEmail } from '../../db/user-privacy.js';
import { literalLimit } from '../../lib/pagination.js';
import type { SearchTerms } from './search-terms.js';

type Window = { limit: number; offset: number };

/**
 * How close a typed name must come to a word run of a real name (pg_trgm word similarity, 0 to 1):
 * 'jonh' scores 0.4 against 'John Smith', unrelated words score below 0.3.
 */
const NAME_SIMILARITY = 0.35;

/** `query` as a prefix: the text form of a tsquery ends with its last lexeme, quoted, when it has one. */
const withPrefix = (query: SQL) =>
  sql`(case when right(${query}::text, 1) = '''' then (${query}::text || ':*')::tsquery else ${query} end)`;

/**
 * The tsquery for documents built by `searchDocument`: the query's English stems or its words as typed
 * (each half of the document answers one), the last word also as a prefix when it is a plain word.
 * When both are the same (a word English does not stem, such as a prefix being typed), it is asked
 * once: the index would otherwise read the same entries twice, half of a broad prefix's cost.
 */
function textQuery(text: string, prefix: boolean): SQL {
  const [english, simple] = (['english', 'simple'] as const).map((config) => {
    const query = sql`websearch_to_tsquery(${sql.raw(`'${config}'`)}, ${text})`;
    return prefix ? withPrefix(query) : query;
  });
  return sql`(case when ${english} = ${simple} then ${english} else ${english} || ${simple} end)`;
}

const matches = (document: AnyPgColumn, query: SQL) => sql`${document} @@ ${query}`;
const rankOf = (document: AnyPgColumn, query: SQL) => sql`ts_rank(${document}, ${query})`;

/** A table with a `searchDocument` column. */
type Searchable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; searchVector: AnyPgColumn };

/**
 * One page of the ids of `table` rows matching `where`, by `rank` and then newest first, and how many
 * match: one statement reading the matches once. Only the first `rankedMatches` the index yields are
 * fetched and ranked; one more tells that there are more (`totalIsLowerBound`), which a broad prefix
 * such as "typesc" has by the ten thousand (fetching and ranking them all was its whole cost).
 */
function rankedIds(table: Searchable, { where, rank }: { where: SQL; rank: SQL }, window: Window) {
  const limit = SEARCH_LIMITS.rankedMatches;
  // The candidates keep the table's name, so that `rank` reads their columns as it would the table's.
  const candidates = sql`(select * from ${table} where ${where} limit ${sql.raw(String(limit + 1))}) as ${table}`;
  return sql<RankedIds>`with matches as materialized (
      select ${table.id} as id, ${table.createdAt} as created_at, ${rank} as rank from ${candidates})
    select least((select count(*) from matches), ${sql.raw(String(limit))})::int as total,
      (select count(*) from matches) > ${sql.raw(String(limit))} as "totalIsLowerBound",
      array(select id from (select * from matches limit ${sql.raw(String(limit))}) ranked
        order by rank desc, created_at desc, id desc
        limit ${literalLimit(window.limit)} offset ${window.offset}) as ids`;
}
export type RankedIds = { total: number; totalIsLowerBound: boolean; ids: number[] };

/** Runs a statement built here and answers its single row. */
export async function firstRow<T>(db: Database, statement: SQL<T>): Promise<T> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** Rows of `table` whose document matches the query (and `only`, when given), most relevant first. */
function rankDocuments(table: Searchable, terms: SearchTerms, window: Window, only?: SQL) {
  const query = textQuery(terms.text, terms.endsInWord);
  const where = and(matches(table.searchVector, query), only)!;
  return rankedIds(table, { where, rank: rankOf(table.searchVector, query) }, window);
}

/** Posts matching the query, but those of authors blocked either way or muted by `viewerId`. */
export const rankPosts = (terms: SearchTerms, viewerId: number, window: Window) =>
  rankDocuments(posts, terms, window, shownTo(viewerId, posts.authorId, { muted: true }));

/** Plans matching the query that `viewerId` may see: public ones and their own, none of creators blocked either way. */
export const rankPlans = (terms: SearchTerms, viewerId: number, window: Window) =>
  rankDocuments(
    learningPlans,
    terms,
    window,
    and(
      or(eq(learningPlans.isPublic, true), eq(learningPlans.creatorId, viewerId)),
      shownTo(viewerId, learningPlans.creatorId, { muted: false }),
    ),
  );

/**
 * Prepares the transaction the ranking statements run in: `%>` accepts names typed with typos, and
 * the planner reads the searched tables through their indexes. It prices matching a document (`@@`,
 * `%>`) like comparing two numbers, so it would often scan whole tables instead, several times slower
 * (see bench/search-plans.md).
 */
export async function prepareSearch(tx: Database) {
  await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY)}, true),
    set_config('enable_seqscan', 'off', true)`);
}

/**
 * People whose name or bio matches, or whose name is close to the words asked for (typos, within a
 * transaction prepared by `prepareSearch`), unless it has an excluded word or is suspended.
 */
export function rankUsers(terms: SearchTerms, window: Window) {
  const query = textQuery(terms.text, terms.endsInWord);
  const name = sql`lower(${users.name})`;
  const similarName = terms.wanted
    ? and(
        sql`${name} %> ${terms.wanted}`,
        terms.excluded ? not(matches(users.searchVector, textQuery(terms.excluded, false))) : undefined,
      )
    : undefined;
  // A mention's link searches for its `@handle`: that person, exactly, ranks above every likeness.
  const handleMatch = terms.handles.length > 0 ? inArray(users.handle, terms.handles) : undefined;
  const handleRank = handleMatch ? sql` + (${handleMatch})::int * 10` : sql``;
  return rankedIds(
    users,
    {
      where: and(
        or(matches(users.searchVector, query), similarName, handleMatch),
        isNull(users.suspendedAt),
      )!,
      rank: sql`${rankOf(users.searchVector, query)} + word_similarity(${terms.wanted}, ${name})${handleRank}`,
    },
    window,
  );
}

/** The found users, with whether `viewerId` follows each: one statement. */
export async function selectUserItems(db: Database, ids: number[], viewerId: number) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: visibleEmail(viewerId),
      bio: users.bio,
      profilePicture: users.profilePicture,
      isCurrentUserFollowing: isFollowedBy(viewerId),
    })
    .from(users)
    .where(inArray(users.id, ids));
}
