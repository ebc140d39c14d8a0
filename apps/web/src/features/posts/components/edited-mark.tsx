import { EDIT_HISTORY_TEXTS } from '@pathwise/contract';
import { lazy, Suspense } from 'react';
import { useDialogTrigger } from '../../../components/use-dialog-trigger';
import { formatAbsoluteTime } from '../../../lib/format';
import type { EditHistoryTarget } from './edit-history-dialog';

// The dialog (Headless UI's Dialog) is fetched when someone opens a history, not with every card.
const EditHistoryDialog = lazy(() => import('./edit-history-dialog'));

/**
 * "edited" next to a post's or comment's time when it was edited: a button opening its versions
 * (docs/features.md, "Edit history"). Nothing when it never was.
 */
export function EditedMark({ target, editedAt }: { target: EditHistoryTarget; editedAt: string | null }) {
  const { open, setOpen, trigger } = useDialogTrigger();
  if (editedAt === null) return null;
  const when = formatAbsoluteTime(editedAt);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        title={when ?? undefined}
        onClick={() => setOpen(true)}
        className="text-xs text-slate-500 underline decoration-dotted underline-offset-2 hover:text-indigo-700"
      >
        {EDIT_HISTORY_TEXTS.edited}
        <span className="sr-only">{`${when ? `, ${when}` : ''}: show the edit history`}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <EditHistoryDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
