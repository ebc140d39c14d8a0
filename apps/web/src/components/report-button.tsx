import { lazy, Suspense } from 'react';
import { useSignInFirst } from '../lib/visitor-gate';
import { FlagIcon } from './icons';
import type { ReportTarget } from './report-dialog';
import { useDialogTrigger } from './use-dialog-trigger';

// The dialog's code (Headless UI's Dialog and focus trap) is fetched when someone reports, not before.
const ReportDialog = lazy(() => import('./report-dialog'));

/**
 * "Report" next to what someone else made: opens a dialog asking why (docs/features.md, "Reports and
 * moderation").
 */
export function ReportButton({ target, className = '' }: { target: ReportTarget; className?: string }) {
  const { open, setOpen, trigger } = useDialogTrigger();
  const signInFirst = useSignInFirst();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={signInFirst(() => setOpen(true))}
        aria-label={`Report ${target.label}`}
        className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 ${className}`}
      >
        <FlagIcon className="size-4" />
        Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
