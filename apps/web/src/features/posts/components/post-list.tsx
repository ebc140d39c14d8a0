import type { Post } from '@pathwise/contract';
import { type ReactNode, useState } from 'react';
import { Callout } from '../../../components/callout';
import { useConfirm } from '../../../components/use-confirm';
import { useDeletePost } from '../api/queries';
import { PostCard } from './post-card';

export const DELETE_POST_CONFIRMATION =
  'Are you sure you want to delete this post? This action cannot be undone.';

type Notice = { tone: 'success' | 'error'; text: string };

type PostListProps = {
  posts: Post[];
  /** Shown instead of the list when there are no posts (also after the last one was deleted). */
  empty: ReactNode;
  /** The message shown when a delete fails for good (the home feed and the profile word it differently). */
  deleteFailureMessage: (error: unknown) => string;
  onPostDeleted?: (post: Post) => void;
};

/** Post cards with actions; deleting asks first, shows its outcome above the list and drops the card. */
export function PostList({ posts, empty, deleteFailureMessage, onPostDeleted }: PostListProps) {
  const deletion = useDeletePost();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  const remove = async (post: Post) => {
    const confirmed = await confirm({
      title: 'Delete post?',
      message: DELETE_POST_CONFIRMATION,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    setNotice(null);
    deletion.mutate(post.id, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: 'Post deleted successfully!' });
        onPostDeleted?.(post);
      },
      onError: (error) => setNotice({ tone: 'error', text: deleteFailureMessage(error) }),
    });
  };

  return (
    <div className="space-y-4">
      {confirmDialog}
      {notice && <Callout tone={notice.tone}>{notice.text}</Callout>}
      {posts.length === 0 && empty}
      <ul className="space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              actions={{
                onDelete: () => remove(post),
                deleting: deletion.isPending && deletion.variables === post.id,
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
