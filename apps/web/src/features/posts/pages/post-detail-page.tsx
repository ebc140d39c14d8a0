import type { Post } from '@pathwise/contract';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { HiddenBanner } from '../../../components/hidden-banner';
import { Loading } from '../../../components/loading';
import { Markdown } from '../../../components/markdown/markdown';
import { PostMediaView } from '../../../components/media/post-media-view';
import { ProgressBar } from '../../../components/progress-bar';
import { ReportButton } from '../../../components/report-button';
import { SaveButton } from '../../../components/save-button';
import { ShareButton } from '../../../components/share-button';
import { TagLinks } from '../../../components/tag-links';
import { useConfirm } from '../../../components/use-confirm';
import { ApiError } from '../../../lib/api-client';
import { useViewer } from '../../../lib/auth/auth-context';
import { countLabel } from '../../../lib/counts';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDeletePost, usePost } from '../api/queries';
import { CommentsSection } from '../components/comments-section';
import { LikeButton } from '../components/like-button';
import { PostByline } from '../components/post-byline';
import { DELETE_POST_CONFIRMATION } from '../components/post-list';
import { PostOwnerActions } from '../components/post-owner-actions';
import { parsePostId } from '../post-id';
import { useGoBack } from '../use-go-back';

/** What a failed load of the post says, by cause. */
function loadFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Post not found';
  return 'Failed to load post. It may have been deleted or you may not have permission to view it.';
}

/** /post/{postId}: the whole post, its likes and its comments. */
export function PostDetailPage() {
  const { postId: param } = useParams();
  const postId = parsePostId(param);
  const goBack = useGoBack();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <button type="button" onClick={goBack} className="btn-secondary">
        Go back
      </button>
      {postId === null ? <ErrorBox>Post not found</ErrorBox> : <LoadedPost postId={postId} />}
    </div>
  );
}

function LoadedPost({ postId }: { postId: number }) {
  const post = usePost(postId);
  useDocumentTitle(post.data?.title ?? 'Post');
  if (post.isPending) return <Loading />;
  if (post.isError) return <ErrorBox>{loadFailureMessage(post.error)}</ErrorBox>;
  return <PostDetail post={post.data} />;
}

function PostDetail({ post }: { post: Post }) {
  const me = useViewer();
  const [likeFailed, setLikeFailed] = useState(false);
  const deletion = useDeletePost();
  const [confirm, confirmDialog] = useConfirm();
  const navigate = useNavigate();

  const remove = async () => {
    const confirmed = await confirm({
      title: 'Delete post?',
      message: DELETE_POST_CONFIRMATION,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    // The page has nothing left to show: the author's profile lists what remains.
    deletion.mutate(post.id, { onSuccess: () => navigate(`/profile/${post.author.id}`, { replace: true }) });
  };

  return (
    <article
      aria-labelledby="post-title"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header className="space-y-4">
        <HiddenBanner moderation={post.moderation} />
        <PostByline post={post} />
        <h1 id="post-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {post.title}
        </h1>
      </header>
      <Markdown text={post.content} className="text-slate-800" />
      <TagLinks tags={post.tags} />
      {post.media.length > 0 && <PostMediaView media={post.media} title={post.title} />}
      {post.learningProgressPercent !== null && (
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm font-medium text-slate-700">
            <span>Learning progress</span>
            <span>{post.learningProgressPercent}%</span>
          </div>
          <ProgressBar value={post.learningProgressPercent} label="Learning progress" />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-y border-slate-100 py-2 text-sm">
        <LikeButton post={post} onResult={(succeeded) => setLikeFailed(!succeeded)} />
        <span className="text-slate-600">{countLabel(post.commentsCount, 'comment')}</span>
        <SaveButton kind="posts" target={post} />
        <ShareButton path={`/post/${post.id}`} title={post.title} />
        {post.author.id === me?.id ? (
          <PostOwnerActions
            postId={post.id}
            onDelete={() => void remove()}
            deleting={deletion.isPending}
            className="ml-auto"
          />
        ) : (
          <ReportButton target={{ type: 'POST', id: post.id, label: 'post' }} className="ml-auto" />
        )}
      </div>
      {confirmDialog}
      {deletion.isError && <ErrorBox>Failed to delete post</ErrorBox>}
      {likeFailed && <ErrorBox>Failed to process like action. Please try again.</ErrorBox>}
      <CommentsSection post={post} />
    </article>
  );
}
