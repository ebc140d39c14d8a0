import { SEARCH_LIMITS } from '@pathwise/contract';
import { and, isNull, not, or, type Query, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { shownTo, type UserRef } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { isFollowedBy } from '../../db/follow-state.js';
import { learningPlans, planTags, posts, postTags, studyGroups, tags, users } from '../../db/schema/index.js';
import { visibleEmail } from '../../db/user-privacy.js';
import { planVisibleTo, visiblePost } from '../../db/visibility.js';
import { literalLimit, preparedPerKey } from '../../lib/pagination.js';
import { groupFoundBy } from '../groups/index.js';
import type { SearchTerms } from './search-terms.js';

/**
 * A search as the ranking statements read it. The shape is what changes their text; the values are
 * sent as parameters, either themselves or as the placeholders of a statement built once per shape
 * (`rankAll`), where Drizzle would otherwise turn a hundred fragments into text on every search.
 */
export type RankInput = { shape: RankShape; values: RankValues };
type RankShape = {
  endsInWord: boolean;
  isOneWord: boolean;
  /** Words or phrases are asked for (not only exclusions), to compare with people's names. */
  hasWanted: boolean;
  hasExcluded: boolean;
  hasHandles: boolean;
  hasTags: boolean;
  /** The page size, written into the text (`literalLimit`). */
  limit: number;
};
type RankValues = {
  text: unknown;
  wanted: unknown;
  excluded: unknown;
  handles: unknown;
  tags: unknown;
  viewerId: UserRef;
  offset: unknown;
};

/** The ranking statements' input for a search of `terms` by `viewerId`, page `window`. */
export function rankInput(terms: SearchTerms, viewerId: number, window: Window): RankInput {
  return {
    shape: {
      endsInWord: terms.endsInWord,
      isOneWord: terms.isOneWord,
      hasWanted: terms.wanted !== '',
      hasExcluded: terms.excluded !== '',
      hasHandles: terms.handles.length > 0,
      hasTags: terms.tags.length > 0,
      limit: window.limit,
    },
    values: {
      text: terms.text,
      wanted: terms.wanted,
      excluded: terms.excluded,
      handles: terms.handles,
      tags: terms.tags,
      viewerId,
      offset: window.offset,
    },
  };
}

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
 * `value` computed once per statement (a sub-select without references outside is an InitPlan), where
 * PostgreSQL would parse the query again for every row it checks or ranks: most of ranking's cost.
 */
const once = (value: SQL) => sql`(select ${value})`;

/**
 * The tsquery for documents built by `searchDocument`: the query's English stems or its words as typed
 * (each half of the document answers one), the last word also as a prefix when it is a plain word.
 * When both are the same (a word English does not stem, such as a prefix being typed), it is asked
 * once: the index would otherwise read the same entries twice, half of a broad prefix's cost.
 */
function textQuery(text: unknown, prefix: boolean): SQL {
  const [english, simple] = (['english', 'simple'] as const).map((config) => {
    const query = sql`websearch_to_tsquery(${sql.raw(`'${config}'`)}, ${text})`;
    return prefix ? withPrefix(query) : query;
  }) as [SQL, SQL];
  return once(sql`case when ${english} = ${simple} then ${english} else ${english} || ${simple} end`);
}

const matches = (document: AnyPgColumn, query: SQL) => sql`${document} @@ ${query}`;
const rankOf = (document: AnyPgColumn, query: SQL) => sql`ts_rank(${document}, ${query})`;

/** A table with a `searchDocument` column. */
type Searchable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; searchVector: AnyPgColumn };

/** How many matches are fetched: one more than are ranked tells that there are more. */
const FETCHED_MATCHES = sql.raw(String(SEARCH_LIMITS.rankedMatches + 1));

/**
 * The first rows of `table` matching `where` that an index yields. They keep the table's name, so that
 * a rank reads their columns as it would the table's.
 */
const firstMatches = (table: Searchable, where: SQL) =>
  sql`(select * from ${table} where ${where} limit ${FETCHED_MATCHES}) as ${table}`;

/**
 * One page of the ids of the `candidates` rows (`firstMatches`), by `rank` and then newest first, and
 * how many match: one statement reading the matches once. Only the first `rankedMatches` candidates
 * are ranked; one more tells that there are more (`totalIsLowerBound`), which a broad prefix such as
 * "typesc" has by the ten thousand (fetching and ranking them all was its whole cost).
 */
function rankedIds(
  table: Searchable,
  { candidates, rank }: { candidates: SQL; rank: SQL },
  { shape, values }: RankInput,
) {
  const limit = sql.raw(String(SEARCH_LIMITS.rankedMatches));
  return sql<RankedIds>`with matches as materialized (
      select ${table.id} as id, ${table.createdAt} as created_at, ${rank} as rank from ${candidates})
    select least((select count(*) from matches), ${limit})::int as total,
      (select count(*) from matches) > ${limit} as "totalIsLowerBound",
      array(select id from (select * from matches limit ${limit}) ranked
        order by rank desc, created_at desc, id desc
        limit ${literalLimit(shape.limit)} offset ${values.offset}) as ids`;
}
export type RankedIds = { total: number; totalIsLowerBound: boolean; ids: number[] };

/**
 * Rows of `table` whose document matches the query or, when given, that carry an asked-for tag (`tagged`),
 * and meet `only`, most relevant first.
 */
function rankDocuments(table: Searchable, input: RankInput, only?: SQL, tagged?: SQL) {
  const query = textQuery(input.values.text, input.shape.endsInWord);
  const found = matches(table.searchVector, query);
  const where = and(tagged ? or(found, tagged) : found, only)!;
  return rankedIds(
    table,
    { candidates: firstMatches(table, where), rank: withTagRank(rankOf(table.searchVector, query), tagged) },
    input,
  );
}

/**
 * How many of the newest posts a one-word search looks among before it reads the older ones: a word
 * in at least one recent post in ten fills the ranked matches from them alone.
 */
export const RECENT_POSTS_CHECKED = 10 * SEARCH_LIMITS.rankedMatches;

/**
 * The newest posts matching `where`, for a query of one word: the newest `RECENT_POSTS_CHECKED` ids
 * walked down the key, each row checked, until enough match; when too few, the first matches the GIN
 * index yields among the older posts (it yields them in the table's order, the oldest first). The walk
 * costs at most the posts checked whatever the size of the table, where the GIN index would first
 * collect every match of a broad prefix (`typesc`: one post in eight). The inner `limit` keeps the check
 * out of the walk, so that the planner cannot trade it for the GIN index, and tells it how few rows
 * the walk reads (it prices a range after an InitPlan's maximum at a third of the table, and would
 * compile that plan with JIT). For the same reason the older posts' range is written `id + 0`: as an
 * index condition it was read as a bitmap of most of the key, ANDed with the text index's few matches
 * (a rare word's whole cost), where checking those matches' ids costs nothing. With more words the
 * candidates are the first the index yields, as for users and plans.
 */
function newestMatches(where: SQL) {
  const checked = sql.raw(String(RECENT_POSTS_CHECKED));
  const oldestChecked = sql`(select max(${posts.id}) - ${checked} from ${posts})`;
  return sql`(with recent as materialized (
        select * from (select * from ${posts} where ${posts.id} > ${oldestChecked}
          order by ${posts.id} desc limit ${checked}) as ${posts}
        where ${where} order by ${posts.id} desc limit ${FETCHED_MATCHES})
      select * from recent
      union all
      (select * from ${posts} where ${and(where, sql`${posts.id} + 0 <= ${oldestChecked}`)}
        and (select count(*) from recent) < ${FETCHED_MATCHES}
        limit ${FETCHED_MATCHES})) as ${posts}`;
}

/**
 * Posts matching the query, but those of authors blocked either way or muted by `viewerId`, and others' a
 * moderator hid.
 */
export function rankPosts(input: RankInput) {
  const { shape, values } = input;
  const { viewerId } = values;
  const query = textQuery(values.text, shape.endsInWord);
  const tagged = taggedWith(input, postTags, postTags.postId, postTags.tagId, posts.id);
  const where = and(
    tagged ? or(matches(posts.searchVector, query), tagged) : matches(posts.searchVector, query),
    shownTo(viewerId, posts.authorId, { muted: true }),
    visiblePost(viewerId),
  )!;
  const candidates = shape.isOneWord ? newestMatches(where) : firstMatches(posts, where);
  return rankedIds(
    posts,
    { candidates, rank: withTagRank(rankOf(posts.searchVector, query), tagged) },
    input,
  );
}

/**
 * Whether the row `item` carries one of the query's `#tags` (undefined when it asks for none): its id among
 * an array computed once per statement, which the planner reads through the primary key next to the text
 * index.
 */
function taggedWith(
  { shape, values }: RankInput,
  link: PgTable,
  linkItem: AnyPgColumn,
  linkTag: AnyPgColumn,
  item: AnyPgColumn,
): SQL | undefined {
  if (!shape.hasTags) return undefined;
  return sql`${item} = any(array(select ${linkItem} from ${link} join ${tags} on ${tags.id} = ${linkTag}
    where ${tags.name} = any(${sql.param(values.tags)}::text[])))`;
}

/** A row carrying an asked-for tag ranks above every row that only has the words (ranks stay below 1). */
const withTagRank = (rank: SQL, tagged: SQL | undefined) => (tagged ? sql`${rank} + (${tagged})::int` : rank);

/**
 * Plans matching the query that `viewerId` may see: public ones and their own, none of creators blocked
 * either way nor others' a moderator hid.
 */
export function rankPlans(input: RankInput) {
  const { viewerId } = input.values;
  const tagged = taggedWith(input, planTags, planTags.planId, planTags.tagId, learningPlans.id);
  return rankDocuments(learningPlans, input, planVisibleTo(viewerId), tagged);
}

/** Groups whose name or description matches that `viewer` may find (`groupFoundBy`). */
export function rankGroups(input: RankInput) {
  return rankDocuments(studyGroups, input, groupFoundBy(input.values.viewerId, studyGroups.id));
}

/**
 * Prepares the transaction the ranking statements run in: `%>` accepts names typed with typos, and
 * the planner reads the searched tables through their indexes. It prices matching a document (`@@`,
 * `%>`) like comparing two numbers, so it would often scan whole tables instead, several times slower
 * (see bench/search-plans.md).
 */
export async function prepareSearch(tx: Database) {
  await tx.execute(sql`select
    set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY)}, true),
    set_config('enable_seqscan', 'off', true)`);
}

/**
 * People whose name or bio matches, or whose name is close to the words asked for (typos, within a
 * transaction prepared by `prepareSearch`), unless it has an excluded word or is suspended.
 */
export function rankUsers(input: RankInput) {
  const { shape, values } = input;
  const query = textQuery(values.text, shape.endsInWord);
  const name = sql`lower(${users.name})`;
  const similarName = shape.hasWanted
    ? and(
        sql`${name} %> ${values.wanted}`,
        shape.hasExcluded ? not(matches(users.searchVector, textQuery(values.excluded, false))) : undefined,
      )
    : undefined;
  // A mention's link searches for its `@handle`: that person, exactly, ranks above every likeness.
  // One array parameter, whether `values` holds the handles themselves or a placeholder for them.
  const handleMatch = shape.hasHandles
    ? sql`${users.handle} = any(${sql.param(values.handles)}::text[])`
    : undefined;
  const handleRank = handleMatch ? sql` + (${handleMatch})::int * 10` : sql``;
  return rankedIds(
    users,
    {
      candidates: firstMatches(
        users,
        and(or(matches(users.searchVector, query), similarName, handleMatch), isNull(users.suspendedAt))!,
      ),
      rank: sql`${rankOf(users.searchVector, query)}
        + word_similarity(${values.wanted}, ${name})${handleRank}`,
    },
    input,
  );
}

export type SearchedKind = 'users' | 'posts' | 'plans' | 'groups';
export type RankedMatches = Record<SearchedKind, RankedIds>;

/**
 * The statements of `rankUsers`, `rankPosts`, `rankPlans` and `rankGroups` as one, one row each, told apart
 * by their kind.
 */
function rankAllStatement(input: RankInput): SQL {
  const statements: Record<SearchedKind, SQL<RankedIds>> = {
    users: rankUsers(input),
    posts: rankPosts(input),
    plans: rankPlans(input),
    groups: rankGroups(input),
  };
  return sql.join(
    Object.entries(statements).map(
      ([kind, statement]) =>
        sql`select ${sql.raw(`'${kind}'`)} as kind, ranked.* from (${statement}) as ranked`,
    ),
    sql` union all `,
  );
}

const placeholders: RankValues = {
  text: sql.placeholder('text'),
  wanted: sql.placeholder('wanted'),
  excluded: sql.placeholder('excluded'),
  handles: sql.placeholder('handles'),
  tags: sql.placeholder('tags'),
  viewerId: sql.placeholder('viewerId'),
  offset: sql.placeholder('offset'),
};
// The databases are opened without a `casing` setting (db/client.ts): Drizzle's default dialect writes their
// text.
const dialect = new PgDialect();
/** `rankAllStatement` as text, built the first time a shape is searched (at most 2⁶ × the page sizes). */
const rankAllQuery = preparedPerKey(
  (shape: RankShape): Query => dialect.sqlToQuery(rankAllStatement({ shape, values: placeholders })),
  (shape) => JSON.stringify(shape),
);

/**
 * The ranked ids of every kind in one statement (one round trip instead of three), within a
 * transaction prepared by `prepareSearch`.
 */
export async function rankAll(tx: Database, input: RankInput): Promise<RankedMatches> {
  const statement = tx._.session.prepareQuery(rankAllQuery(input.shape), undefined, undefined, false);
  const { rows } = (await statement.execute(input.values)) as {
    rows: (RankedIds & { kind: SearchedKind })[];
  };
  return Object.fromEntries(rows.map(({ kind, ...found }) => [kind, found])) as RankedMatches;
}

/**
 * The found users, with whether the viewer follows each: one statement, built once, the same text for
 * 1 user or 50 (the ids are one array parameter).
 */
export function prepareUserItems(db: Database) {
  const viewerId = sql.placeholder('viewerId');
  const statement = db
    .select({
      id: users.id,
      name: users.name,
      handle: users.handle,
      email: visibleEmail(viewerId),
      bio: users.bio,
      profilePicture: users.profilePicture,
      isCurrentUserFollowing: isFollowedBy(viewerId),
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('search_users_with_ids');
  return async (ids: number[], viewerId: number) =>
    ids.length === 0 ? [] : statement.execute({ ids, viewerId });
}
