import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType } from 'drizzle-orm/pg-core';

/** A PostgreSQL full-text document; Drizzle has no built-in column type for it. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The full-text document of weighted fields (A ranks above B). Each field is indexed twice: as English
 * stems, so 'hooks' finds 'hook', and as the words were written, so the prefix 'learni' finds 'learning'
 * (whose stem is 'learn'). The search module builds its queries for exactly this shape.
 */
export function searchDocument(...fields: [text: AnyPgColumn | SQL, weight: 'A' | 'B'][]): SQL {
  return sql.join(
    fields.map(([text, weight]) => {
      const english = sql`to_tsvector('english', coalesce(${text}, ''))`;
      const simple = sql`to_tsvector('simple', coalesce(${text}, ''))`;
      return sql`setweight(${english} || ${simple}, ${sql.raw(`'${weight}'`)})`;
    }),
    sql` || `,
  );
}

const FENCE = '`';

/**
 * The words a reader sees in Markdown that `column` holds (docs/features.md, "Rich text"), so that searches
 * match them and not the syntax around them: code fence lines (with their language), reference link lines and
 * link and image URLs go; emphasis, strike-through and code markers go without splitting the word they touch
 * ('**Type**Script' is 'TypeScript'), and an underscore inside a word stays ('snake_case'). Regular
 * expressions, not a Markdown parser, because a generated column may only call immutable SQL.
 */
export function markdownPlainText(column: AnyPgColumn): SQL {
  const steps: [pattern: string, replacement: string, flags: string][] = [
    [String.raw`^[ \t]{0,3}(${FENCE}{3,}|~{3,}).*$`, '', 'gn'],
    [String.raw`^[ \t]{0,3}\[[^]\n]+\]:.*$`, '', 'gn'],
    [String.raw`(!?\[[^]\n]*\])\([^)\n]*\)`, String.raw`\1`, 'g'],
    [String.raw`[*~${FENCE}\[\]]+`, '', 'g'],
    ['(?<![[:alnum:]])_+|_+(?![[:alnum:]])', '', 'g'],
  ];
  return steps.reduce<SQL>((text, step) => {
    const [pattern, replacement, flags] = step.map((literal) => sql.raw(`'${literal}'`));
    return sql`regexp_replace(${text}, ${pattern}, ${replacement}, ${flags})`;
  }, sql`${column}`);
}

/**
 * Search indexes are updated with each write instead of through a pending list: embedded PGlite has no
 * autovacuum to merge that list, so every search would read it whole.
 */
export const SEARCH_INDEX_OPTIONS = { fastupdate: false };
