import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  /** A hint and/or a link to create the first item. */
  children?: ReactNode;
};

/** What a list shows when it has nothing yet. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-4 flex flex-col items-center gap-2 text-slate-600">{children}</div>}
    </div>
  );
}
