import { COMMENT_TEXTS, type CurrentUser, type Post, VISITOR_TEXTS } from '@pathwise/contract';
import { useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { CommentEditor } from '../../../components/comment-editor';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useViewer } from '../../../lib/auth/auth-context';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useAddComment, useComments } from '../api/queries';
import { CommentThreadView } from './comment-thread';

const LOAD_FAILED = 'Failed to load comments.';

/**
 * The add-comment form (for a visitor, a way to sign in first) and the post's comments, newest first,
 * each with its thread of replies.
 */
export function CommentsSection({ post }: { post: Post }) {
  const me = useViewer();
  const comments = useComments(post.id);
  const signInFirst = useSignInFirst();

  return (
    <section aria-labelledby="comments-heading" className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
          Comments
        </h2>
        <p className="text-sm text-slate-600">{COMMENT_TEXTS.count(post.commentsCount)}</p>
      </div>
      {me ? (
        <AddComment postId={post.id} me={me} />
      ) : (
        <button type="button" className="btn-secondary" onClick={signInFirst(() => {})}>
          {VISITOR_TEXTS.signInToComment}
        </button>
      )}
      <PagedItems
        list={comments}
        loading={
          <p role="status" className="text-slate-600">
            Loading comments...
          </p>
        }
        failure={<ErrorWithRetry onRetry={() => comments.refetch()}>{LOAD_FAILED}</ErrorWithRetry>}
        loadMoreLabel="Load more comments"
        loadMoreFailure={LOAD_FAILED}
        className="space-y-5"
      >
        {(items) =>
          items.length === 0 ? (
            <p className="text-slate-600">No comments yet. Be the first to comment.</p>
          ) : (
            <ul className="space-y-5">
              {items.map((thread) => (
                <li key={thread.id}>
                  <CommentThreadView thread={thread} postAuthorId={post.author.id} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedItems>
    </section>
  );
}

/** The box to add a comment, for a signed-in viewer. */
function AddComment({ postId, me }: { postId: number; me: CurrentUser }) {
  const add = useAddComment(postId, { id: me.id, name: me.name, profilePicture: me.profilePicture });
  const [addFailed, setAddFailed] = useState(false);

  // The comment shows in the list at once (optimistic); a refusal takes it out and says so.
  const submit = async (content: string) => {
    setAddFailed(false);
    try {
      await add.mutateAsync(content);
      return true;
    } catch {
      setAddFailed(true);
      return false;
    }
  };

  return (
    <>
      <CommentEditor
        label="Add a comment"
        submitLabel="Post Comment"
        pending={false}
        clearsAtOnce
        onSubmit={submit}
      />
      {addFailed && <ErrorBox>Failed to add comment. Please try again.</ErrorBox>}
    </>
  );
}
