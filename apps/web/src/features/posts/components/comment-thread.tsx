import { COMMENT_TEXTS, type Comment, type CommentThread } from '@pathwise/contract';
import { type MouseEvent, type ReactNode, useRef, useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { CommentEditor } from '../../../components/comment-editor';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PagedItems } from '../../../components/paged-items';
import { useViewer } from '../../../lib/auth/auth-context';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useAddReply, useReplies } from '../api/queries';
import { CommentItem } from './comment-item';

type ThreadProps = { thread: CommentThread; postAuthorId: number };

/**
 * A comment with its replies under it, one level deep: the first few come with the list, the rest
 * are folded behind a button that loads them all. Replying to any of them adds to this thread.
 */
export function CommentThreadView({ thread, postAuthorId }: ThreadProps) {
  const me = useViewer();
  const signInFirst = useSignInFirst();
  const [expanded, setExpanded] = useState(false);
  const [replyingTo, setReplyingTo] = useState<Comment | null>(null);
  // The Reply button that opened the box gets the focus back when it closes, as a dialog's opener would.
  const opener = useRef<HTMLElement | null>(null);
  const folded = thread.replyCount - thread.replies.length;
  const closeReply = () => {
    setReplyingTo(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const item = (comment: Comment) => (
    <CommentItem
      comment={comment}
      canEdit={!comment.deleted && comment.user.id === me?.id}
      canDelete={!comment.deleted && (comment.user.id === me?.id || postAuthorId === me?.id)}
      onReply={signInFirst((event: MouseEvent<HTMLButtonElement>) => {
        opener.current = event.currentTarget;
        setReplyingTo(comment);
      })}
    />
  );
  const name = thread.deleted ? COMMENT_TEXTS.deleted : thread.user.name;

  return (
    <div className="space-y-3">
      {item(thread)}
      {(thread.replyCount > 0 || replyingTo) && (
        <div className="ml-4 space-y-3 border-l-2 border-slate-200 pl-4 sm:ml-11">
          {expanded ? (
            <AllReplies thread={thread} label={COMMENT_TEXTS.repliesOf(name)} renderReply={item} />
          ) : (
            thread.replies.length > 0 && (
              <ul aria-label={COMMENT_TEXTS.repliesOf(name)} className="space-y-3">
                {thread.replies.map((reply) => (
                  <li key={reply.id}>{item(reply)}</li>
                ))}
              </ul>
            )
          )}
          {!expanded && folded > 0 && (
            <button type="button" className="text-link text-sm" onClick={() => setExpanded(true)}>
              {COMMENT_TEXTS.showMoreReplies(folded)}
            </button>
          )}
          {replyingTo?.user && (
            <ReplyBox
              postId={thread.postId}
              parent={replyingTo}
              name={replyingTo.user.name}
              onDone={closeReply}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** Every reply of the thread, loaded page by page from the server once the person asked for them. */
function AllReplies({
  thread,
  label,
  renderReply,
}: {
  thread: CommentThread;
  label: string;
  renderReply: (reply: Comment) => ReactNode;
}) {
  const replies = useReplies(thread.postId, thread.id);
  return (
    <PagedItems
      list={replies}
      loading={
        <p role="status" className="text-sm text-slate-600">
          {COMMENT_TEXTS.loadingReplies}
        </p>
      }
      failure={
        <ErrorWithRetry onRetry={() => replies.refetch()}>{COMMENT_TEXTS.repliesLoadFailed}</ErrorWithRetry>
      }
      loadMoreFailure={COMMENT_TEXTS.repliesLoadFailed}
      className="space-y-3"
    >
      {(items) => (
        <ul aria-label={label} className="space-y-3">
          {items.map((reply) => (
            <li key={reply.id}>{renderReply(reply)}</li>
          ))}
        </ul>
      )}
    </PagedItems>
  );
}

/** The box to reply in the thread; it closes once the reply is posted or cancelled. */
function ReplyBox({
  postId,
  parent,
  name,
  onDone,
}: {
  postId: number;
  parent: Comment;
  name: string;
  onDone: () => void;
}) {
  const add = useAddReply(postId);
  const [failed, setFailed] = useState(false);

  const submit = async (content: string) => {
    setFailed(false);
    try {
      await add.mutateAsync({ parentCommentId: parent.id, content });
      onDone();
      return true;
    } catch {
      setFailed(true);
      return false;
    }
  };

  return (
    <div className="space-y-2">
      <CommentEditor
        key={parent.id}
        label={COMMENT_TEXTS.replyTo(name)}
        submitLabel={COMMENT_TEXTS.postReply}
        pending={add.isPending}
        onSubmit={submit}
        onCancel={onDone}
        autoFocus
      />
      {failed && <ErrorBox>{COMMENT_TEXTS.replyFailed}</ErrorBox>}
    </div>
  );
}
