import { useDocumentTitle } from '../../../lib/document-title';
import { PostForm } from '../components/post-form';

/** /create-post: success goes to the new post, Cancel goes home. */
export function CreatePostPage() {
  useDocumentTitle('Create post');
  return (
    <section aria-labelledby="create-post-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="create-post-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Create a post
      </h1>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <PostForm />
      </div>
    </section>
  );
}
