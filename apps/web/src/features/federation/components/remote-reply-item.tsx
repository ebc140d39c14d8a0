import type { RemotePostReply } from '@pathwise/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { CommentEditor } from '../../../components/comment-editor';
import { Markdown } from '../../../components/markdown/markdown';
import { RelativeTime } from '../../../components/relative-time';
import { useConfirm } from '../../../components/use-confirm';
import { serverMessageOr } from '../../../lib/api-client';
import { useRemotePostReplyChanges } from '../api/queries';
import { FEDERATION_TEXTS } from '../federation-texts';

type Props = {
  postId: number;
  reply: RemotePostReply;
  /** The post's author, whose server the edit or deletion goes to. */
  authorHandle: string;
  onEdited: (reply: RemotePostReply) => void;
  onDeleted: (id: number) => void;
  /** Says how it went: a failure in the alert region, a success in the status one. */
  say: (outcome: { error: string } | { status: string }) => void;
};

/** One of the viewer's replies to a post from elsewhere: Edit sends an Update, Delete (asked first) one. */
export function RemoteReplyItem({ postId, reply, authorHandle, onEdited, onDeleted, say }: Props) {
  const [editing, setEditing] = useState(false);
  const { edit, remove } = useRemotePostReplyChanges(postId, reply.id);
  const [confirm, confirmDialog] = useConfirm();

  const save = async (content: string) => {
    try {
      onEdited(await edit.mutateAsync(content));
      setEditing(false);
      say({ status: FEDERATION_TEXTS.replyEdited(authorHandle) });
      return true;
    } catch (failure) {
      say({ error: serverMessageOr(failure, FEDERATION_TEXTS.editFailed) });
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!(await confirm(FEDERATION_TEXTS.deleteReplyQuestion(authorHandle)))) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        onDeleted(reply.id);
        say({ status: FEDERATION_TEXTS.replyDeleted(authorHandle) });
      },
      onError: (failure) => say({ error: serverMessageOr(failure, FEDERATION_TEXTS.deleteFailed) }),
    });
  };

  return (
    <li className="space-y-1 text-sm">
      {confirmDialog}
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <RelativeTime value={reply.createdAt} />
        {reply.editedAt && <span>{FEDERATION_TEXTS.edited}</span>}
      </div>
      {editing ? (
        <CommentEditor
          label={FEDERATION_TEXTS.editReplyLabel}
          submitLabel={FEDERATION_TEXTS.save}
          initialText={reply.content}
          pending={edit.isPending}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          autoFocus
        />
      ) : (
        <>
          <Markdown text={reply.content} className="text-slate-700" />
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={() => setEditing(true)} className="text-link">
              {FEDERATION_TEXTS.edit}
            </button>
            <BusyButton
              type="button"
              onClick={confirmDelete}
              busy={remove.isPending}
              className="text-link text-red-700 aria-busy:cursor-wait"
            >
              {remove.isPending ? FEDERATION_TEXTS.deleting : FEDERATION_TEXTS.delete}
            </BusyButton>
          </div>
        </>
      )}
    </li>
  );
}
