import {
  type Comment,
  type CommentThread,
  type CommentVersion,
  type LikeResponse,
  PAGE_SIZE,
  type Page,
  type Post,
  type PostInput,
  type PostVersion,
  type ScheduledPostChange,
} from '@pathwise/contract';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paged-list';

/** A page of posts and the cursor of the next one, which later pages are read after. */
export type PostPage = Page<Post> & { nextCursor?: string | null };

const afterCursor = (cursor: string | undefined): Record<string, string> => (cursor ? { cursor } : {});

export function fetchFeed(page: number, signal?: AbortSignal, cursor?: string): Promise<PostPage> {
  return apiRequest(`/api/posts?${pageQuery(page, afterCursor(cursor))}`, { signal });
}

export function fetchUserPosts(
  userId: number,
  page: number,
  signal?: AbortSignal,
  cursor?: string,
): Promise<PostPage> {
  return apiRequest(`/api/posts/user/${userId}?${pageQuery(page, afterCursor(cursor))}`, { signal });
}

export function fetchPost(postId: number, signal?: AbortSignal): Promise<Post> {
  return apiRequest(`/api/posts/${postId}`, { signal });
}

/** The newest versions of a post (its edit history), as many as a page holds. */
export function fetchPostHistory(postId: number, signal?: AbortSignal): Promise<Page<PostVersion>> {
  return apiRequest(`/api/posts/${postId}/history?size=${PAGE_SIZE.max}`, { signal });
}

/** The newest versions of a comment, as many as a page holds. */
export function fetchCommentHistory(commentId: number, signal?: AbortSignal): Promise<Page<CommentVersion>> {
  return apiRequest(`/api/comments/${commentId}/history?size=${PAGE_SIZE.max}`, { signal });
}

export type PostSubmission = {
  /** On edit also the cover kept among its images (null: the first image). */
  fields: PostInput & { coverMediaId?: number | null };
  files: File[];
  /** Existing media to drop (edit only). */
  removeMediaIds?: number[];
  /** New descriptions of media the post already has (edit only). */
  mediaAltTexts?: { id: number; altText: string }[];
  onProgress?: (sentShare: number) => void;
};

/** Part `post` is a JSON blob, media travel as repeated `files` parts. */
function postForm({ fields, files, removeMediaIds, mediaAltTexts }: PostSubmission): FormData {
  const form = new FormData();
  const json = removeMediaIds ? { ...fields, removeMediaIds, mediaAltTexts } : fields;
  form.append('post', new Blob([JSON.stringify(json)], { type: 'application/json' }));
  for (const file of files) form.append('files', file);
  return form;
}

export function createPost(submission: PostSubmission): Promise<Post> {
  return apiUpload('/api/posts', { body: postForm(submission), onProgress: submission.onProgress });
}

export function updatePost(postId: number, submission: PostSubmission): Promise<Post> {
  return apiUpload(`/api/posts/${postId}`, {
    method: 'PUT',
    body: postForm(submission),
    onProgress: submission.onProgress,
  });
}

export function deletePost(postId: number): Promise<void> {
  return apiRequest(`/api/posts/${postId}`, { method: 'DELETE' });
}

export function toggleLike(postId: number): Promise<LikeResponse> {
  return apiRequest(`/api/posts/${postId}/like`, { method: 'POST' });
}

export function fetchComments(
  postId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<CommentThread>> {
  return apiRequest(`/api/posts/${postId}/comments?${pageQuery(page)}`, { signal });
}

export function fetchReplies(commentId: number, page: number, signal?: AbortSignal): Promise<Page<Comment>> {
  return apiRequest(`/api/comments/${commentId}/replies?${pageQuery(page)}`, { signal });
}

/** A comment, or with `parentCommentId` a reply in that comment's thread. */
export function addComment(postId: number, content: string, parentCommentId?: number): Promise<Comment> {
  return apiRequest(`/api/posts/${postId}/comments`, {
    method: 'POST',
    body: parentCommentId === undefined ? { content } : { content, parentCommentId },
  });
}

export function toggleCommentLike(commentId: number): Promise<LikeResponse> {
  return apiRequest(`/api/comments/${commentId}/like`, { method: 'POST' });
}

export function updateComment(commentId: number, content: string): Promise<Comment> {
  return apiRequest(`/api/comments/${commentId}`, { method: 'PUT', body: { content } });
}

export function deleteComment(commentId: number): Promise<void> {
  return apiRequest(`/api/comments/${commentId}`, { method: 'DELETE' });
}

/** The viewer's scheduled posts, soonest first (docs/features.md, "Scheduled posts"). */
export function fetchScheduledPosts(page: number, signal?: AbortSignal): Promise<Page<Post>> {
  return apiRequest(`/api/posts/scheduled?${pageQuery(page)}`, { signal });
}

export function changeScheduledPost(postId: number, change: ScheduledPostChange): Promise<Post> {
  return apiRequest(`/api/posts/scheduled/${postId}`, { method: 'PATCH', body: change });
}

export function cancelScheduledPost(postId: number): Promise<void> {
  return apiRequest(`/api/posts/scheduled/${postId}`, { method: 'DELETE' });
}

/** `PUT /api/federation/accounts/{id}/block`: blocks the author of a comment from another server. */
export function blockRemoteAuthor(accountId: number): Promise<unknown> {
  return apiRequest(`/api/federation/accounts/${accountId}/block`, { method: 'PUT' });
}
