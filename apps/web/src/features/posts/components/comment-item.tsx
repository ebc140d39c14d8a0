import { COMMENT_TEXTS, type Comment, serverOfHandle } from '@pathwise/contract';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { CommentEditor } from '../../../components/comment-editor';
import { HiddenBanner } from '../../../components/hidden-banner';
import { Markdown } from '../../../components/markdown/markdown';
import { RelativeTime } from '../../../components/relative-time';
import { ReportButton } from '../../../components/report-button';
import { useConfirm } from '../../../components/use-confirm';
import { isProvisional, useBlockRemoteAuthor, useDeleteComment, useUpdateComment } from '../api/queries';
import { CommentLikeButton } from './comment-like-button';
import { EditedMark } from './edited-mark';

export const DELETE_COMMENT_CONFIRMATION = 'Are you sure you want to delete this comment?';

type CommentItemProps = {
  comment: Comment;
  /** Only the comment's author edits it. */
  canEdit: boolean;
  /** The comment's author or the post's author may delete it. */
  canDelete: boolean;
  /** Opens the reply box of the comment's thread. */
  onReply: (event: MouseEvent<HTMLButtonElement>) => void;
};

/** A comment deleted while it had replies: it stays for its thread, without author or text. */
function DeletedComment() {
  return (
    <article aria-label={COMMENT_TEXTS.deleted} className="flex gap-3">
      <span aria-hidden="true" className="size-8 shrink-0 rounded-full bg-slate-200" />
      <p className="py-1 text-sm text-slate-600 italic">{COMMENT_TEXTS.deleted}</p>
    </article>
  );
}

/**
 * Who wrote it: a link to their profile here, or for someone of another server to their profile
 * there (a new tab, not vouched for), with their `@name@server`.
 */
function AuthorName({ comment, user }: { comment: Comment; user: NonNullable<Comment['user']> }) {
  if (!comment.remote)
    return (
      <Link to={`/profile/${user.id}`} className="font-semibold text-slate-900 hover:underline">
        {user.name}
      </Link>
    );
  return (
    <>
      <a
        href={comment.remote.profileUrl}
        target="_blank"
        rel="nofollow noopener noreferrer ugc"
        className="font-semibold text-slate-900 hover:underline"
      >
        {user.name}
      </a>
      <span className="text-xs break-all text-slate-600">{comment.remote.handle}</span>
    </>
  );
}

/** One comment in view mode, or in edit mode where Save goes to the server and Cancel reverts. */
export function CommentItem(props: CommentItemProps) {
  const { comment } = props;
  if (comment.deleted) return <DeletedComment />;
  return <AuthoredComment {...props} user={comment.user} />;
}

function AuthoredComment({
  comment,
  user,
  canEdit,
  canDelete,
  onReply,
}: CommentItemProps & { user: Comment['user'] }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateComment(comment.postId);
  const remove = useDeleteComment(comment.postId);
  const [confirm, confirmDialog] = useConfirm();

  const save = async (content: string) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: comment.id, content });
      setEditing(false);
      return true;
    } catch {
      setFailure('Failed to update comment. Please try again.');
      return false;
    }
  };

  const confirmDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete comment?',
      message: DELETE_COMMENT_CONFIRMATION,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    setFailure(null);
    remove.mutate(comment.id, { onError: () => setFailure('Failed to delete comment. Please try again.') });
  };

  return (
    <article
      aria-label={`Comment by ${user.name}`}
      aria-busy={isProvisional(comment) || undefined}
      className="flex gap-3"
    >
      {confirmDialog}
      <Avatar src={user.profilePicture} alt="" className="size-8" remote={comment.remote !== undefined} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <AuthorName comment={comment} user={user} />
          {isProvisional(comment) ? (
            <span className="text-xs text-slate-500">Posting...</span>
          ) : (
            <>
              <RelativeTime value={comment.createdAt} className="text-xs text-slate-500" />
              <EditedMark target={{ kind: 'comment', id: comment.id }} editedAt={comment.editedAt} />
            </>
          )}
        </div>
        {editing ? (
          <CommentEditor
            label="Edit comment"
            submitLabel="Save"
            initialText={comment.content}
            pending={update.isPending}
            onSubmit={save}
            onCancel={() => {
              setEditing(false);
              setFailure(null);
            }}
            autoFocus
          />
        ) : (
          <Markdown text={comment.content} className="text-slate-800" />
        )}
        <HiddenBanner moderation={comment.moderation} />
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {!editing && !isProvisional(comment) && (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <CommentLikeButton comment={comment} />
            <button
              type="button"
              onClick={onReply}
              aria-label={COMMENT_TEXTS.replyTo(user.name)}
              className="text-link"
            >
              {COMMENT_TEXTS.reply}
            </button>
            {canEdit && (
              <button type="button" onClick={() => setEditing(true)} className="text-link">
                Edit
              </button>
            )}
            {canDelete && (
              <BusyButton
                type="button"
                onClick={confirmDelete}
                busy={remove.isPending}
                className="text-link text-red-700 aria-busy:cursor-wait"
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </BusyButton>
            )}
            {comment.remote && <BlockRemoteAuthor comment={comment} remote={comment.remote} />}
            {!canEdit && (
              <ReportButton
                target={{
                  type: 'COMMENT',
                  id: comment.id,
                  label: `comment by ${user.name}`,
                  ...(comment.remote && { server: serverOfHandle(comment.remote.handle) }),
                }}
                className="-ml-2"
              />
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** "Block" on a comment from another server: asks first, then the post's comments come without theirs. */
function BlockRemoteAuthor({
  comment,
  remote,
}: {
  comment: Comment;
  remote: NonNullable<Comment['remote']>;
}) {
  const block = useBlockRemoteAuthor(comment.postId);
  const [confirm, confirmDialog] = useConfirm();
  const ask = async () => {
    const confirmed = await confirm({
      title: COMMENT_TEXTS.blockQuestion(remote.handle),
      message: COMMENT_TEXTS.blockExplained,
      confirmLabel: COMMENT_TEXTS.block,
    });
    if (confirmed) block.mutate(remote.accountId);
  };
  return (
    <>
      {confirmDialog}
      <BusyButton
        type="button"
        onClick={ask}
        busy={block.isPending}
        aria-label={COMMENT_TEXTS.blockAuthor(remote.handle)}
        className="text-link text-red-700 aria-busy:cursor-wait"
      >
        {COMMENT_TEXTS.block}
      </BusyButton>
      {block.isError && <ErrorBox>{COMMENT_TEXTS.blockFailed}</ErrorBox>}
    </>
  );
}
