import { Spinner } from './spinner';

/** Spec §2: 'Loading...' while something the page needs is on its way (some lists name it otherwise). */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
      <Spinner className="size-6 text-indigo-600" />
      <span>{label}</span>
    </div>
  );
}
