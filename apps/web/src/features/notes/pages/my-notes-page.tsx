import { NOTE_LIMITS, NOTE_MESSAGES, type PlanNoteGroup } from '@pathwise/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Markdown } from '../../../components/markdown/markdown';
import { PagedItems } from '../../../components/paged-items';
import { RelativeTime } from '../../../components/relative-time';
import { TextField } from '../../../components/text-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMyNotes } from '../api/queries';

/**
 * /notes: the viewer's private notes grouped by plan, newest change first, searchable (docs/features.md,
 * "Private notes").
 */
export function MyNotesPage() {
  useDocumentTitle('My notes');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const notes = useMyNotes(q);

  return (
    <section aria-labelledby="notes-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="notes-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        My notes
      </h1>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some supported
          browsers; the role gives every browser the landmark. */}
      <form
        role="search"
        aria-label="Your notes"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(draft.trim() ? { q: draft.trim() } : {});
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField
            label="Search your notes"
            type="search"
            value={draft}
            maxLength={NOTE_LIMITS.queryMaxLength}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      <PagedItems
        list={notes}
        failure={
          <ErrorWithRetry onRetry={() => void notes.refetch()}>{NOTE_MESSAGES.loadFailed}</ErrorWithRetry>
        }
        loadMoreFailure={NOTE_MESSAGES.loadFailed}
      >
        {(groups) =>
          groups.length === 0 ? (
            <EmptyState title={q ? NOTE_MESSAGES.noMatches : 'No notes yet'}>
              {!q && <p>{NOTE_MESSAGES.empty}</p>}
            </EmptyState>
          ) : (
            <ul className="space-y-4" aria-label="Notes by learning plan">
              {groups.map((group) => (
                <li key={group.plan.id}>
                  <NoteGroup group={group} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}

function NoteGroup({ group }: { group: PlanNoteGroup }) {
  const headingId = `notes-plan-${group.plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        <Link to={`/learning-plan/${group.plan.id}`} className="hover:underline">
          {group.plan.title}
        </Link>
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {group.notes.map((note) => (
          <li key={note.id} className="py-3">
            <p className="text-sm font-medium text-slate-700">
              {note.resourceTitle ? `${note.topicTitle} › ${note.resourceTitle}` : note.topicTitle}
              <span className="ml-2 text-xs font-normal text-slate-500">
                <RelativeTime value={note.updatedAt} />
              </span>
            </p>
            <Markdown text={note.content} className="mt-1 text-sm text-slate-800" />
          </li>
        ))}
      </ul>
    </section>
  );
}
