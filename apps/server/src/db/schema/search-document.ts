import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType } from 'drizzle-orm/pg-core';

/** A PostgreSQL full-text document; Drizzle has no built-in column type for it. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The full-text document of weighted fields (A ranks above B). Each field is indexed twice: as English
 * stems, so 'hooks' finds 'hook', and as the words were written, so the prefix 'learni' finds 'learning'
 * (whose stem is 'learn'). The search module builds its queries for exactly this shape.
 */
export function searchDocument(...fields: [column: AnyPgColumn, weight: 'A' | 'B'][]): SQL {
  return sql.join(
    fields.map(
      ([column, weight]) =>
        sql`setweight(to_tsvector('english', coalesce(${column}, '')) || to_tsvector('simple', coalesce(${column}, '')), ${sql.raw(`'${weight}'`)})`,
    ),
    sql` || `,
  );
}

/**
 * Search indexes are updated with each write instead of through a pending list: embedded PGlite has no
 * autovacuum to merge that list, so every search would read it whole.
 */
export const SEARCH_INDEX_OPTIONS = { fastupdate: false };
