import { COMMENT_TEXTS, type Comment } from '@pathwise/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { HeartIcon } from '../../../components/icons';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useCommentLike } from '../api/queries';

/**
 * A comment's like: shown at once as the click predicts, then as the server counted it (the cached
 * comment is updated); a failure puts back what was there and says so.
 */
export function CommentLikeButton({ comment }: { comment: Comment }) {
  const like = useCommentLike(comment.postId, comment.id);
  const signInFirst = useSignInFirst();
  const [predicted, setPredicted] = useState<{ liked: boolean; likesCount: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const { liked, likesCount } = predicted ?? { liked: comment.likedByMe, likesCount: comment.likesCount };

  const toggle = () => {
    setFailed(false);
    setPredicted({ liked: !liked, likesCount: likesCount + (liked ? -1 : 1) });
    like.mutate(undefined, {
      onSettled: () => setPredicted(null),
      onError: () => setFailed(true),
    });
  };

  return (
    <>
      <BusyButton
        type="button"
        aria-pressed={liked}
        aria-label={COMMENT_TEXTS.like(likesCount)}
        busy={like.isPending}
        onClick={signInFirst(toggle)}
        className={`inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 hover:bg-rose-50 aria-busy:cursor-wait ${liked ? 'text-rose-700' : 'text-slate-600'}`}
      >
        <HeartIcon className={`size-4 ${liked ? 'fill-current' : ''}`} />
        {COMMENT_TEXTS.likes(likesCount)}
      </BusyButton>
      {failed && <ErrorBox>{COMMENT_TEXTS.likeFailed}</ErrorBox>}
    </>
  );
}
