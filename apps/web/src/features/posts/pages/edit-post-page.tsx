import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePost } from '../api/queries';
import { PostForm } from '../components/post-form';
import { parsePostId } from '../post-id';
import { useGoBack } from '../use-go-back';

/** /edit-post/{postId}: only the author edits; success goes to the post, Cancel goes back. */
export function EditPostPage() {
  useDocumentTitle('Edit post');
  const { postId: param } = useParams();
  const postId = parsePostId(param);
  return (
    <section aria-labelledby="edit-post-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="edit-post-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Edit post
      </h1>
      {postId === null ? (
        <Refusal>{`Invalid post ID format: ${param}`}</Refusal>
      ) : (
        <EditablePost postId={postId} />
      )}
    </section>
  );
}

function EditablePost({ postId }: { postId: number }) {
  const me = useSignedInUser();
  const post = usePost(postId);
  if (post.isPending) return <Loading />;
  if (post.isError) {
    const notFound = post.error instanceof ApiError && post.error.status === 404;
    return <Refusal>{notFound ? 'Post not found' : 'Failed to fetch post. Please try again.'}</Refusal>;
  }
  if (post.data.author.id !== me.id) return <Refusal>You do not have permission to edit this post</Refusal>;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <PostForm post={post.data} />
    </div>
  );
}

function Refusal({ children }: { children: ReactNode }) {
  const goBack = useGoBack();
  return (
    <div className="space-y-4">
      <ErrorBox>{children}</ErrorBox>
      <button type="button" onClick={goBack} className="btn-secondary">
        Go Back
      </button>
    </div>
  );
}
