import { DRAFT_MESSAGES, type PostDraftFields } from '@pathwise/contract';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/callout';
import { Loading } from '../../components/loading';
import { DraftStatusLine, publishDraft, useAutosavedDraft, useLeaveWarning } from '../../features/drafts';
import { type PostDraftBinding, PostForm, type PostFormValues } from '../../features/posts/editor';
import { useDocumentTitle } from '../../lib/document-title';

/** What the form holds, as a draft keeps it: an unchosen category is none yet. */
const draftFieldsOf = (values: Partial<PostFormValues>): PostDraftFields => ({
  title: values.title ?? '',
  content: values.content ?? '',
  category: values.category || null,
  learningProgressPercent: values.learningProgressPercent ?? null,
  tags: (values.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
});

const formValuesOf = (fields: PostDraftFields): Partial<PostFormValues> => ({
  ...(fields.title !== undefined && { title: fields.title }),
  ...(fields.content !== undefined && { content: fields.content }),
  ...(fields.category && { category: fields.category }),
  learningProgressPercent: fields.learningProgressPercent ?? null,
  tags: fields.tags ?? [],
});

/**
 * /create-post: the post is kept as a draft while it is written (`?draft=<id>` restores it) and leaving
 * with a change not saved yet asks first; publishing goes to the new post, Cancel goes home.
 */
export function CreatePostPage() {
  useDocumentTitle('Create post');
  const draft = useAutosavedDraft('POST');
  const leaveWarning = useLeaveWarning(draft.dirty);
  const { change, flush, forget } = draft;

  const onChange = useCallback((values: Partial<PostFormValues>) => change(draftFieldsOf(values)), [change]);
  const publish = useCallback<PostDraftBinding['publish']>(
    async ({ fields, files, altTexts, coverFileIndex, onProgress }) => {
      change(draftFieldsOf(fields));
      const id = await flush();
      if (id === null) throw new Error('The draft was not saved');
      const published = await publishDraft(id, {
        files,
        altTexts,
        coverFileIndex,
        publishAt: fields.publishAt,
        onProgress,
      });
      forget();
      return published.id;
    },
    [change, flush, forget],
  );
  const restored = draft.restored;
  const binding = useMemo<PostDraftBinding>(
    () => ({ onChange, publish, ...(restored && { values: formValuesOf(restored) }) }),
    [onChange, publish, restored],
  );

  return (
    <section aria-labelledby="create-post-heading" className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="create-post-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Create a post
        </h1>
        <DraftStatusLine status={draft.status} />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {draft.restoring ? (
          <Loading label="Loading your draft..." />
        ) : draft.restoreFailed ? (
          <ErrorBox>
            <p>{DRAFT_MESSAGES.draftNotFound}</p>
            <p>
              It may have been published or deleted. <Link to="/drafts">See your drafts</Link>.
            </p>
          </ErrorBox>
        ) : (
          <PostForm draft={binding} />
        )}
      </div>
      {leaveWarning}
    </section>
  );
}
