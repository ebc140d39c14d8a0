import { type CursorPageQuery, cursorAfter, type Page, type PageQuery, readCursor } from '@pathwise/contract';
import { type Placeholder, sql } from 'drizzle-orm';

/** LIMIT/OFFSET of a page request. */
export const pageWindow = ({ page, size }: PageQuery) => ({ limit: size, offset: page * size });

/**
 * A LIMIT written into the statement's text instead of sent as a parameter. The embedded database
 * runs statements on generic plans (db/client.ts), and a generic plan that cannot see the limit
 * plans to fetch a tenth of the table. Drizzle inlines the SQL wherever it takes a placeholder.
 */
export const literalLimit = (limit: number) => sql.raw(String(Math.trunc(limit))) as unknown as Placeholder;

/**
 * A statement per page size, prepared the first time that size is asked for (sizes are few: 1 to
 * PAGE_SIZE.max).
 */
export const preparedPerSize = <T>(prepare: (size: number) => T) => preparedPerKey(prepare, (size) => size);

/**
 * A statement (or its text) per shape of request, made the first time that shape is asked for; `keyOf` tells
 * shapes apart, and they must be few.
 */
export function preparedPerKey<K, T>(prepare: (shape: K) => T, keyOf: (shape: K) => unknown) {
  const statements = new Map<unknown, T>();
  return (shape: K) => {
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = prepare(shape);
      statements.set(key, statement);
    }
    return statement;
  };
}

/** The Spring-style page the spec's client reads, from one page of items and the total count. */
export function toPage<T>(content: T[], totalElements: number, { page, size }: PageQuery): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    number: page,
    size,
    totalElements,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
  };
}

/** LIMIT after the cursor's item when the query has one, else LIMIT/OFFSET of its page. */
export function cursorWindow({ page, size, cursor }: CursorPageQuery) {
  const position = cursor === undefined ? null : readCursor(cursor);
  return position ? { limit: size, offset: 0, cursor: position } : pageWindow({ page, size });
}

/** A page read by `cursorWindow`; `rows` are its items as read, newest first. */
export type CursorPage<T> = Page<T> & { nextCursor: string | null };

/**
 * The page of `content` with the cursor of the one after it: null after the last page, and after a
 * cursor's page that came short. A cursor's page says neither its number nor whether it is the first.
 */
export function toCursorPage<T>(
  content: T[],
  rows: readonly { id: number; createdAt: Date }[],
  totalElements: number,
  query: CursorPageQuery,
): CursorPage<T> {
  const page = toPage(content, totalElements, query);
  const lastRow = rows.length === query.size ? rows.at(-1) : undefined;
  if (query.cursor !== undefined) {
    const nextCursor = lastRow ? cursorAfter(lastRow.createdAt, lastRow.id) : null;
    return { ...page, first: false, last: nextCursor === null, nextCursor };
  }
  return { ...page, nextCursor: lastRow && !page.last ? cursorAfter(lastRow.createdAt, lastRow.id) : null };
}
