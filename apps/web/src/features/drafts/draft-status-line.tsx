import { DRAFT_MESSAGES } from '@pathwise/contract';
import type { DraftStatus } from './use-autosaved-draft';

const STATUS_TEXT: Record<DraftStatus, string> = {
  idle: '',
  saving: DRAFT_MESSAGES.saving,
  saved: DRAFT_MESSAGES.saved,
  failed: DRAFT_MESSAGES.saveFailed,
};

/** Beside an editor's heading: whether its draft is being saved, saved or failed, announced politely. */
export function DraftStatusLine({ status }: { status: DraftStatus }) {
  return (
    <p role="status" className="text-sm text-slate-600">
      {STATUS_TEXT[status]}
    </p>
  );
}
