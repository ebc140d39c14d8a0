import { POST_MESSAGES, type Post, scheduledPostChange } from '@pathwise/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { TextAreaField, TextField } from '../../../components/text-field';
import { useConfirm } from '../../../components/use-confirm';
import { serverMessageOr } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatAbsoluteTime } from '../../../lib/format';
import { fromLocalInput, localTimeZone, toLocalInput } from '../../../lib/local-time';
import { useCancelScheduledPost, useChangeScheduledPost, useScheduledPosts } from '../api/queries';

/**
 * /scheduled: the viewer's posts waiting for their time, soonest first (docs/features.md, "Scheduled posts").
 */
export function ScheduledPostsPage() {
  useDocumentTitle('Scheduled posts');
  const scheduled = useScheduledPosts();

  return (
    <section aria-labelledby="scheduled-heading" className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="scheduled-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Scheduled posts
        </h1>
        <Link to="/create-post" className="text-link text-sm">
          Write a post
        </Link>
      </div>
      <PagedItems
        list={scheduled}
        failure={
          <ErrorWithRetry onRetry={() => void scheduled.refetch()}>
            {POST_MESSAGES.scheduledLoadFailed}
          </ErrorWithRetry>
        }
        loadMoreFailure={POST_MESSAGES.scheduledLoadFailed}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No scheduled posts">
              <p>{POST_MESSAGES.scheduledEmpty}</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Your scheduled posts">
              {items.map((post) => (
                <li key={post.id}>
                  <ScheduledItem post={post} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}

function ScheduledItem({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
  const cancel = useCancelScheduledPost(post.id);
  const [confirm, dialog] = useConfirm();
  const headingId = `scheduled-${post.id}`;

  const onCancel = async () => {
    const sure = await confirm({
      title: 'Cancel this post?',
      message: `“${post.title}” will be deleted before anyone sees it.`,
      confirmLabel: 'Cancel post',
    });
    if (sure) cancel.mutate();
  };

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
        {post.title}
      </h2>
      <p className="text-sm text-slate-600">
        Publishes{' '}
        <time dateTime={post.publishAt}>{post.publishAt && formatAbsoluteTime(post.publishAt)}</time>
      </p>
      {editing ? (
        <ScheduledEditor post={post} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="mt-2 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">
            {post.content}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
              Change
            </button>
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Cancel post ${post.title}`}
              disabled={cancel.isPending}
              onClick={() => void onCancel()}
            >
              Cancel post
            </button>
          </div>
        </>
      )}
      {cancel.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {serverMessageOr(cancel.error, POST_MESSAGES.scheduledCancelFailed)}
        </p>
      )}
      {dialog}
    </article>
  );
}

type FieldErrors = Partial<Record<'publishAt' | 'title' | 'content', string>>;

/** A new time or text, checked by the contract's rules before it is sent. */
function ScheduledEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const change = useChangeScheduledPost(post.id);
  const [when, setWhen] = useState(toLocalInput(post.publishAt));
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = scheduledPostChange.safeParse({ publishAt: fromLocalInput(when) ?? '', title, content });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    change.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-4">
      <TextField
        type="datetime-local"
        step={1}
        label={`Publish at (${localTimeZone()} time)`}
        value={when}
        min={toLocalInput(new Date().toISOString())}
        error={errors.publishAt}
        onChange={(event) => setWhen(event.target.value)}
      />
      <TextField
        label="Title"
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextAreaField
        label="Content"
        rows={5}
        value={content}
        error={errors.content}
        onChange={(event) => setContent(event.target.value)}
      />
      {change.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessageOr(change.error, POST_MESSAGES.scheduledSaveFailed)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save changes'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Keep as it was
        </button>
      </div>
    </form>
  );
}
