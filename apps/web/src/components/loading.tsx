import { Spinner } from './spinner';

/**
 * 'Loading...' while something the page needs is on its way (some lists name it otherwise).
 * `compact` when placeholders in the shape of what is coming stand below it.
 */
export function Loading({ label = 'Loading...', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 text-slate-600 ${compact ? 'pb-4 text-sm' : 'py-24'}`}
    >
      <Spinner className={compact ? 'size-4 text-indigo-600' : 'size-6 text-indigo-600'} />
      <span>{label}</span>
    </div>
  );
}
