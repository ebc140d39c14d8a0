import { Column, is, type Query } from 'drizzle-orm';
import type { Database } from './client.js';

/** A select whose every field is a column of a table, at the top level. */
type ColumnSelect<TRow> = {
  toSQL(): Query;
  execute(): Promise<TRow[]>;
  _: { selectedFields: Record<string, unknown> };
};

/**
 * `select` prepared under `name`, its rows mapped by a function made once for its columns: each value
 * read by position and decoded by its column. Drizzle's own mapping works out, for every value of every
 * row, what kind of field it is and where it goes, and that was a fifth of the server's CPU time on the
 * public plans' 200 rows of topics and resources (bench/RESULTS.md). The rows are the ones Drizzle
 * would give: its fields must all be columns, none nested (else this throws).
 */
export function prepareColumnRows<TRow>(db: Database, select: ColumnSelect<TRow>, name: string) {
  const fields = select._.selectedFields;
  const keys = Object.keys(fields);
  const columns = Object.values(fields).map((field, index) => {
    if (!is(field, Column)) throw new Error(`${name}: ${keys[index]} is not a column`);
    return field;
  });
  const mapRows = (rows: unknown[][]) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        mapped[keys[index]!] = value === null ? null : columns[index]!.mapFromDriverValue(value);
      }
      return mapped as TRow;
    });
  const statement = db._.session.prepareQuery(select.toSQL(), undefined, name, true, mapRows);
  return (values: Record<string, unknown>) => statement.execute(values) as Promise<TRow[]>;
}
