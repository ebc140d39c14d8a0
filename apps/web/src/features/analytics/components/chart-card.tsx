import { type ReactNode, useId, useState } from 'react';

export type ChartTable = { columns: string[]; rows: (string | number)[][] };

/** What a chart's canvas carries for assistive technology: an image named by its summary. */
export type CanvasLabel = { role: 'img'; 'aria-label': string };

type ChartCardProps = {
  title: string;
  /** A line under the title, e.g. that time is estimated. */
  note?: string;
  /** The same figures as the chart, shown as a table on request. */
  table: ChartTable;
  /** One sentence saying what the chart shows, read by screen readers in place of the drawing. */
  summary: string;
  /** Draws the chart, with the canvas labelled as given; called when the table has rows. */
  children: (canvas: CanvasLabel) => ReactNode;
  /** Shown instead of the chart when given: one category alone would be drawn as a solid disc. */
  figure?: ChartFigure | undefined;
};

export type ChartFigure = { value: string; caption: string };

/**
 * A titled chart 300 px high. Its canvas is an image named by a summary, and "Show as table" under
 * it shows the exact figures to everyone: readers of the tooltips, keyboard and screen reader users.
 */
export function ChartCard({ title, note, table, summary, children, figure }: ChartCardProps) {
  return (
    <TitledCard title={title}>
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
          <div className="relative mt-4 h-[300px]">{children({ role: 'img', 'aria-label': summary })}</div>
          <TableDisclosure caption={title} table={table} />
        </>
      )}
    </TitledCard>
  );
}

/** A card named by its heading, as the dashboard's charts and the profile's learning calendar are. */
export function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Show as table" and the table it opens, in a box that scrolls. */
export function TableDisclosure({ caption, table }: { caption: string; table: ChartTable }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen(!open)}
        className="text-link text-sm"
      >
        {open ? 'Hide table' : 'Show as table'} <span className="sr-only">({caption})</span>
      </button>
      {/* A named section is a region: the keyboard can reach it and scroll a long range. */}
      <section
        id={tableId}
        hidden={!open}
        aria-label={`${caption} table`}
        /* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box scrolls by keyboard only when it
           can take focus. */
        tabIndex={0}
        className="mt-2 max-h-[300px] overflow-auto rounded-lg border border-slate-200"
      >
        {open && <DataTable caption={caption} table={table} />}
      </section>
    </div>
  );
}

function DataTable({ caption, table }: { caption: string; table: ChartTable }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-slate-50 text-slate-600">
        <tr>
          {table.columns.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 text-slate-900">
        {table.rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, index) =>
              index === 0 ? (
                <th key={table.columns[index]} scope="row" className="px-3 py-1.5 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={table.columns[index]} className="px-3 py-1.5 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
