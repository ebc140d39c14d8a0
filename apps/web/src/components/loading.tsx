import { Spinner } from './spinner';

/** Spec §2: 'Loading...' while something the page needs is on its way. */
export function Loading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
      <Spinner className="size-6 text-indigo-600" />
      <span>Loading...</span>
    </div>
  );
}
