import { DRAFT_MESSAGES, type ListedDraft } from '@pathwise/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { useConfirm } from '../../../components/use-confirm';
import { serverMessageOr } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDeleteDraft, useDrafts } from '../api/queries';

/** Where a draft opens: the editor of its kind (of its plan, for changes to one), which restores it. */
function editorOf(draft: ListedDraft) {
  if (draft.planId !== null) return `/learning-plan/${draft.planId}/edit`;
  return draft.kind === 'POST' ? `/create-post?draft=${draft.id}` : `/create-learning-plan?draft=${draft.id}`;
}

const kindLabel = (draft: ListedDraft) =>
  draft.planId !== null ? DRAFT_MESSAGES.planEdit : draft.kind === 'POST' ? 'Post' : 'Learning plan';

/** /drafts: the viewer's drafts, newest change first (docs/features.md, "Drafts"). */
export function DraftsPage() {
  useDocumentTitle('Drafts');
  const drafts = useDrafts();

  return (
    <section aria-labelledby="drafts-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="drafts-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Drafts
      </h1>
      <PagedItems
        list={drafts}
        failure={
          <ErrorWithRetry onRetry={() => void drafts.refetch()}>{DRAFT_MESSAGES.loadFailed}</ErrorWithRetry>
        }
        loadMoreFailure={DRAFT_MESSAGES.loadFailed}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No drafts">
              <p>{DRAFT_MESSAGES.empty}</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Your drafts">
              {items.map((draft) => (
                <li key={draft.id}>
                  <DraftItem draft={draft} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}

function DraftItem({ draft }: { draft: ListedDraft }) {
  const remove = useDeleteDraft();
  const [confirm, dialog] = useConfirm();
  const title = draft.title.trim() || DRAFT_MESSAGES.untitled;
  const headingId = `draft-${draft.id}`;

  const onDelete = async () => {
    const sure = await confirm({
      title: 'Delete this draft?',
      message: `“${title}” will be gone for good.`,
      confirmLabel: 'Delete',
    });
    if (sure) remove.mutate(draft.id);
  };

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            <Link to={editorOf(draft)} className="hover:underline">
              {title}
            </Link>
          </h2>
          <p className="text-xs text-slate-500">
            {kindLabel(draft)} · saved <RelativeTime value={draft.updatedAt} />
          </p>
          {draft.excerpt && (
            <p className="mt-2 line-clamp-2 break-words text-sm text-slate-700">{draft.excerpt}</p>
          )}
        </div>
        <button
          type="button"
          className="btn-secondary"
          aria-label={`Delete draft ${title}`}
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          Delete
        </button>
      </div>
      {remove.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {serverMessageOr(remove.error, DRAFT_MESSAGES.deleteFailed)}
        </p>
      )}
      {dialog}
    </article>
  );
}
