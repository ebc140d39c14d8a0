import { type ReactNode, useId } from 'react';

export type ChartTable = { columns: string[]; rows: (string | number)[][] };

type ChartCardProps = {
  title: string;
  /** A line under the title, e.g. that time is estimated. */
  note?: string;
  /** The same figures as the chart, as a table for screen readers. */
  table: ChartTable;
  /** The chart, drawn when the table has rows. */
  children: ReactNode;
  /** Shown instead of the chart when given: one category alone would be drawn as a solid disc. */
  figure?: ChartFigure | undefined;
};

export type ChartFigure = { value: string; caption: string };

/**
 * A titled chart 300 px high. The canvas is hidden from assistive technology, which reads
 * the figures from a visually hidden table instead.
 */
export function ChartCard({ title, note, table, children, figure }: ChartCardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {note && <p className="text-sm text-slate-500">{note}</p>}
      {table.rows.length === 0 ? (
        <p className="flex h-[300px] items-center justify-center text-sm text-slate-500">
          Nothing to show yet.
        </p>
      ) : figure ? (
        <p className="flex h-[300px] flex-col items-center justify-center gap-2 text-center">
          <span className="text-4xl font-semibold text-slate-900">{figure.value}</span>
          <span className="text-slate-600">{figure.caption}</span>
        </p>
      ) : (
        <>
          <div className="relative mt-4 h-[300px]" aria-hidden="true">
            {children}
          </div>
          <DataTable caption={title} table={table} />
        </>
      )}
    </section>
  );
}

function DataTable({ caption, table }: { caption: string; table: ChartTable }) {
  // The wrapper hides the table: a table itself grows to its content whatever its width says.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={table.columns[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={table.columns[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
