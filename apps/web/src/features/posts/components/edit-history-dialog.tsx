import { type CommentVersion, EDIT_HISTORY_TEXTS, type PostVersion } from '@pathwise/contract';
import { useQuery } from '@tanstack/react-query';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { Markdown } from '../../../components/markdown/markdown';
import { ModalDialog } from '../../../components/modal-dialog';
import { RelativeTime } from '../../../components/relative-time';
import { fetchCommentHistory, fetchPostHistory } from '../api/posts-api';

/** Whose edit history the dialog shows. */
export type EditHistoryTarget = { kind: 'post' | 'comment'; id: number };

type Version = Partial<PostVersion> & CommentVersion;

/** The versions of a post or a comment, newest first, as Mastodon lists a post's edits. */
export default function EditHistoryDialog({
  target,
  onClose,
}: {
  target: EditHistoryTarget;
  onClose: () => void;
}) {
  const history = useQuery({
    // Under the post's or comments' keys, so an edit (which refreshes those) refreshes this too.
    queryKey: target.kind === 'post' ? ['posts', 'history', target.id] : ['comments', 'history', target.id],
    queryFn: ({ signal }) =>
      target.kind === 'post' ? fetchPostHistory(target.id, signal) : fetchCommentHistory(target.id, signal),
  });
  return (
    <ModalDialog title={EDIT_HISTORY_TEXTS.dialogTitle} onClose={onClose}>
      {history.isPending ? (
        <Loading compact />
      ) : history.isError ? (
        <ErrorWithRetry onRetry={() => void history.refetch()}>
          {EDIT_HISTORY_TEXTS.loadFailed}
        </ErrorWithRetry>
      ) : (
        <ol className="max-h-[60vh] space-y-4 overflow-y-auto" aria-label="Versions, newest first">
          {history.data.content.map((version: Version, index) => (
            <li key={version.createdAt} className="space-y-1 border-b border-slate-100 pb-3">
              <p className="flex flex-wrap items-baseline gap-2 text-xs text-slate-500">
                <RelativeTime value={version.createdAt} />
                {history.data.last && index === history.data.content.length - 1 && (
                  <span className="font-medium">{EDIT_HISTORY_TEXTS.original}</span>
                )}
                {version.mediaChanged && (
                  <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800">
                    {EDIT_HISTORY_TEXTS.mediaChanged}
                  </span>
                )}
              </p>
              {version.title !== undefined && <p className="font-semibold text-slate-900">{version.title}</p>}
              <Markdown text={version.content} compact className="text-sm text-slate-700" />
            </li>
          ))}
        </ol>
      )}
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className="btn-secondary">
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
