import type { ReactNode } from 'react';

/** A side box's loading line: the page's big spinner would push the box out of shape. */
export function SmallStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-2 text-sm text-slate-600">
      {children}
    </p>
  );
}
