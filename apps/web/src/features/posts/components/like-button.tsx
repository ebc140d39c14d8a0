import type { LikeResponse, Post } from '@pathwise/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { HeartIcon } from '../../../components/icons';
import { countLabel } from '../../../lib/counts';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useLike } from '../api/queries';

type LikeButtonProps = {
  post: Post;
  /** Told whether each click succeeded; without it a failure is only logged. */
  onResult?: (succeeded: boolean) => void;
};

/**
 * The flag and count come from the server's response, shown ahead of it as the click
 * predicts; clicks wait while one is on its way.
 */
export function LikeButton({ post, onResult }: LikeButtonProps) {
  const like = useLike(post.id);
  const signInFirst = useSignInFirst();
  // The response shows until a newer copy of the post arrives (lists outside our caches keep their copy).
  const [response, setResponse] = useState<{ for: Post; value: LikeResponse } | null>(null);
  const { liked, likesCount } =
    response?.for === post
      ? response.value
      : { liked: post.isLikedByCurrentUser, likesCount: post.likesCount };

  const toggle = () => {
    const before = { liked, likesCount };
    // Shown at once, as people expect of a like; the server's response then replaces it, and a failure
    // puts back what was there.
    setResponse({ for: post, value: { liked: !liked, likesCount: likesCount + (liked ? -1 : 1) } });
    like.mutate(undefined, {
      onSuccess: (value) => {
        setResponse({ for: post, value });
        onResult?.(true);
      },
      onError: (error) => {
        setResponse({ for: post, value: before });
        console.error('Like failed', error);
        onResult?.(false);
      },
    });
  };

  return (
    <BusyButton
      type="button"
      aria-pressed={liked}
      aria-label={`Like, ${countLabel(likesCount, 'like')}`}
      busy={like.isPending}
      onClick={signInFirst(toggle)}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium hover:bg-rose-50 aria-busy:cursor-wait aria-busy:opacity-60 ${liked ? 'text-rose-600' : 'text-slate-600'}`}
    >
      <HeartIcon className={`size-5 ${liked ? 'fill-current' : ''}`} />
      {countLabel(likesCount, 'like')}
    </BusyButton>
  );
}
