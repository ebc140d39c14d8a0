import type { LikeResponse, RemotePost, RemotePostReply } from '@pathwise/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { CommentEditor } from '../../../components/comment-editor';
import { HeartIcon } from '../../../components/icons';
import { serverMessageOr } from '../../../lib/api-client';
import { countLabel } from '../../../lib/counts';
import { useRemotePostLike, useRemotePostReply } from '../api/queries';
import { FEDERATION_TEXTS } from '../federation-texts';
import { RemoteReplyItem } from './remote-reply-item';

type Props = { post: RemotePost; authorName: string };

/** The viewer's replies sent, edited and deleted since this copy of the post arrived with the feed. */
type ReplyChanges = { added: RemotePostReply[]; edited: Record<number, RemotePostReply>; removed: number[] };
const NO_CHANGES: ReplyChanges = { added: [], edited: {}, removed: [] };

/**
 * Like and Reply on a post from elsewhere, sent to its server: the like looks and reads as a local
 * post's (its count is of the likes from here), the viewer's replies show under the post, each with Edit
 * and Delete. A failure is said in the alert region, a sent reply, edit or deletion in the status one.
 */
export function RemotePostActions({ post, authorName }: Props) {
  const like = useRemotePostLike(post.id);
  const reply = useRemotePostReply(post.id);
  // The server's answers show until a newer copy of the post arrives with the feed.
  const [liking, setLiking] = useState<{ for: RemotePost; value: LikeResponse } | null>(null);
  const [changed, setChanged] = useState<{ for: RemotePost; changes: ReplyChanges } | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const { liked, likesCount } =
    liking?.for === post ? liking.value : { liked: post.likedByMe, likesCount: post.likesCount };
  const changes = changed?.for === post ? changed.changes : NO_CHANGES;
  const replies = [...post.myReplies, ...changes.added]
    .filter((item) => !changes.removed.includes(item.id))
    .map((item) => changes.edited[item.id] ?? item);
  // From the latest state: a reply may be sent while another is being edited.
  const change = (next: (current: ReplyChanges) => Partial<ReplyChanges>) =>
    setChanged((latest) => {
      const current = latest?.for === post ? latest.changes : NO_CHANGES;
      return { for: post, changes: { ...current, ...next(current) } };
    });
  const say = (outcome: { error: string } | { status: string }) => {
    setError('error' in outcome ? outcome.error : '');
    setStatus('status' in outcome ? outcome.status : '');
  };

  const toggleLike = () => {
    const before = { liked, likesCount };
    setError('');
    setLiking({ for: post, value: { liked: !liked, likesCount: likesCount + (liked ? -1 : 1) } });
    like.mutate(!liked, {
      onSuccess: (value) => setLiking({ for: post, value }),
      onError: (failure) => {
        setLiking({ for: post, value: before });
        setError(serverMessageOr(failure, FEDERATION_TEXTS.likeFailed));
      },
    });
  };

  const sendReply = async (content: string) => {
    setError('');
    setStatus('');
    try {
      const added = await reply.mutateAsync(content);
      change((current) => ({ added: [...current.added, added] }));
      setStatus(FEDERATION_TEXTS.replySent(post.author.handle));
      return true;
    } catch (failure) {
      setError(serverMessageOr(failure, FEDERATION_TEXTS.replyFailed));
      return false;
    }
  };

  return (
    <div className="mt-3 space-y-3">
      <BusyButton
        type="button"
        aria-pressed={liked}
        aria-label={`Like, ${countLabel(likesCount, 'like')}`}
        busy={like.isPending}
        onClick={toggleLike}
        className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium hover:bg-rose-50 aria-busy:cursor-wait aria-busy:opacity-60 ${liked ? 'text-rose-600' : 'text-slate-600'}`}
      >
        <HeartIcon className={`size-5 ${liked ? 'fill-current' : ''}`} />
        {countLabel(likesCount, 'like')}
      </BusyButton>
      {replies.length > 0 && (
        <section aria-label={FEDERATION_TEXTS.yourReplies}>
          <ul className="space-y-2 border-l-2 border-slate-200 pl-3">
            {replies.map((item) => (
              <RemoteReplyItem
                key={item.id}
                postId={post.id}
                reply={item}
                authorHandle={post.author.handle}
                onEdited={(edited) =>
                  change((current) => ({ edited: { ...current.edited, [edited.id]: edited } }))
                }
                onDeleted={(id) => change((current) => ({ removed: [...current.removed, id] }))}
                say={say}
              />
            ))}
          </ul>
        </section>
      )}
      <CommentEditor
        label={FEDERATION_TEXTS.replyLabel(authorName)}
        submitLabel={FEDERATION_TEXTS.reply}
        pending={reply.isPending}
        onSubmit={sendReply}
      />
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
