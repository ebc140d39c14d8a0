import {
  type Comment,
  type CommentThread,
  DELETED_COMMENT_USER,
  type LikeResponse,
  type Page,
  type Post,
  type ScheduledPostChange,
  type UserRef,
} from '@pathwise/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { mapPagedItems, type Pages, usePagedList } from '../../../lib/paged-list';
import {
  addComment,
  blockRemoteAuthor,
  cancelScheduledPost,
  changeScheduledPost,
  createPost,
  deleteComment,
  deletePost,
  fetchComments,
  fetchFeed,
  fetchPost,
  fetchReplies,
  fetchScheduledPosts,
  fetchUserPosts,
  type PostSubmission,
  toggleCommentLike,
  toggleLike,
  updateComment,
  updatePost,
} from './posts-api';

export const postKeys = {
  all: ['posts'] as const,
  feed: (refreshKey: string) => ['posts', 'feed', refreshKey] as const,
  byUser: (userId: number) => ['posts', 'user', userId] as const,
  detail: (postId: number) => ['posts', 'detail', postId] as const,
  scheduled: ['posts', 'scheduled'] as const,
};
const commentsKey = (postId: number) => ['comments', postId] as const;
const repliesKey = (postId: number, threadId: number) => ['comments', postId, 'replies', threadId] as const;

/** Changes the post wherever it is cached (feed, profile lists, detail); null drops it from the lists. */
function patchCachedPost(queryClient: QueryClient, postId: number, change: (post: Post) => Post | null) {
  queryClient.setQueriesData<Post | Pages<Page<Post>>>({ queryKey: postKeys.all }, (data) => {
    if (!data) return data;
    if ('pages' in data) return mapPagedItems(data, (post) => (post.id === postId ? change(post) : post));
    return data.id === postId ? (change(data) ?? data) : data;
  });
}

export function useFeed(refreshKey: string) {
  return usePagedList({ queryKey: postKeys.feed(refreshKey), fetchPage: fetchFeed });
}

export function useUserPosts(userId: number) {
  return usePagedList({
    queryKey: postKeys.byUser(userId),
    fetchPage: (page, signal, cursor) => fetchUserPosts(userId, page, signal, cursor),
  });
}

export function usePost(postId: number) {
  return useQuery({ queryKey: postKeys.detail(postId), queryFn: ({ signal }) => fetchPost(postId, signal) });
}

/** The liked flag and count come from the server's response. */
export function useLike(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLike(postId),
    onSuccess: ({ liked, likesCount }) =>
      patchCachedPost(queryClient, postId, (post) => ({ ...post, isLikedByCurrentUser: liked, likesCount })),
  });
}

const DELETE_RETRIES = 2;
const DELETE_RETRY_DELAY_MS = 1000;

/** A failed delete is tried twice more, a second apart; a refusal (4xx) is final. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => deletePost(postId),
    retry: (failures, error) =>
      failures < DELETE_RETRIES && !(error instanceof ApiError && error.status < 500),
    retryDelay: DELETE_RETRY_DELAY_MS,
    onSuccess: (_response, postId) => {
      patchCachedPost(queryClient, postId, () => null);
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
    },
  });
}

/** Publishes a new post (no id) or saves an edit; every cached list is refreshed to show it. */
/** After a post was published elsewhere (from a draft): every cached list of posts is read again. */
export function usePostsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' });
}

export function useSavePost(postId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: PostSubmission) =>
      postId === undefined ? createPost(submission) : updatePost(postId, submission),
    onSuccess: async (saved) => {
      // A scheduled post has no page of its own until it is published.
      if (saved.publishAt === undefined) queryClient.setQueryData(postKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' });
    },
  });
}

/** The Scheduled page: read afresh on every visit, since a post may have been published meanwhile. */
export function useScheduledPosts() {
  return usePagedList({
    queryKey: postKeys.scheduled,
    fetchPage: fetchScheduledPosts,
    restartOnReturn: true,
  });
}

export function useChangeScheduledPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ScheduledPostChange) => changeScheduledPost(postId, change),
    onSuccess: (changed) =>
      queryClient.setQueriesData<Pages<Page<Post>>>({ queryKey: postKeys.scheduled }, (data) =>
        data ? mapPagedItems(data, (post) => (post.id === postId ? changed : post)) : data,
      ),
  });
}

export function useCancelScheduledPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelScheduledPost(postId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.scheduled }),
  });
}

export function useComments(postId: number) {
  return usePagedList({
    queryKey: commentsKey(postId),
    fetchPage: (page, signal) => fetchComments(postId, page, signal),
  });
}

/** Every reply of a thread, page by page: mounted once its folded replies are asked for. */
export function useReplies(postId: number, threadId: number) {
  return usePagedList({
    queryKey: repliesKey(postId, threadId),
    fetchPage: (page, signal) => fetchReplies(threadId, page, signal),
  });
}

type Threads = Pages<Page<CommentThread>>;

/** A thread's own comment changed (or gone, for null), its replies and count kept. */
const patchThread = (thread: CommentThread, change: (comment: Comment) => Comment | null) => {
  const { replies, replyCount, ...own } = thread;
  const changed = change(own);
  return changed && { ...changed, replies, replyCount };
};

/**
 * Keeps the cached threads, the expanded replies and the post's comment count (which counts replies)
 * in step with a change the server accepted.
 */
function useCommentsCache(postId: number) {
  const queryClient = useQueryClient();
  const patchThreads = (change: (data: Threads) => Threads) =>
    queryClient.setQueryData<Threads>(commentsKey(postId), (data) => data && change(data));
  const patchReplies = (change: (comment: Comment) => Comment | null) =>
    queryClient.setQueriesData<Pages<Page<Comment>>>(
      { queryKey: [...commentsKey(postId), 'replies'] },
      (data) => data && mapPagedItems(data, change),
    );
  const shiftTotal = (delta: number) =>
    patchThreads((data) => ({
      ...data,
      pages: data.pages.map((page) => ({ ...page, totalElements: page.totalElements + delta })),
    }));
  const shiftPostCount = (delta: number) =>
    patchCachedPost(queryClient, postId, (post) => ({ ...post, commentsCount: post.commentsCount + delta }));
  /** Applies `change` to every cached copy of a comment, in threads and in expanded replies. */
  const patchEverywhere = (change: (comment: Comment) => Comment | null) => {
    patchThreads((data) =>
      mapPagedItems(data, (thread) => {
        const patched = patchThread(thread, change);
        return patched && { ...patched, replies: patched.replies.flatMap((reply) => change(reply) ?? []) };
      }),
    );
    patchReplies(change);
  };
  const threadOf = (commentId: number) =>
    queryClient
      .getQueryData<Threads>(commentsKey(postId))
      ?.pages.flatMap((page) => page.content)
      .find((thread) => thread.id === commentId);

  return {
    added(comment: Comment) {
      const threadId = comment.parentCommentId;
      if (threadId === null) {
        patchThreads((data) => {
          const [first, ...rest] = data.pages;
          const thread: CommentThread = { ...comment, replies: [], replyCount: 0 };
          return first
            ? { ...data, pages: [{ ...first, content: [thread, ...first.content] }, ...rest] }
            : data;
        });
        shiftTotal(1);
      } else {
        patchThreads((data) =>
          mapPagedItems(data, (thread) =>
            thread.id === threadId
              ? { ...thread, replies: [...thread.replies, comment], replyCount: thread.replyCount + 1 }
              : thread,
          ),
        );
        void queryClient.invalidateQueries({ queryKey: repliesKey(postId, threadId) });
      }
      shiftPostCount(1);
    },
    /**
     * `comment` takes the place of the comment with id `replacedId` (its own id unless it was provisional).
     */
    replaced(comment: Comment, replacedId = comment.id) {
      patchEverywhere((item) => (item.id === replacedId ? comment : item));
    },
    /** Likes of a comment, as the server counted them. */
    liked(commentId: number, { liked, likesCount }: LikeResponse) {
      patchEverywhere((item) => (item.id === commentId ? { ...item, likedByMe: liked, likesCount } : item));
    },
    /**
     * A comment with replies stays as "deleted" for its thread, as the server keeps it; a thread whose
     * comment was deleted goes with its last reply.
     */
    removed(commentId: number) {
      const thread = threadOf(commentId);
      if (thread && thread.replyCount > 0) {
        patchEverywhere((item) =>
          item.id === commentId
            ? { ...item, deleted: true, user: { ...DELETED_COMMENT_USER }, content: '', likesCount: 0 }
            : item,
        );
      } else {
        patchThreads((data) =>
          mapPagedItems(data, (item) => {
            if (item.id === commentId) return null;
            if (!item.replies.some((reply) => reply.id === commentId)) return item;
            const replyCount = item.replyCount - 1;
            if (item.deleted && replyCount === 0) return null;
            return { ...item, replies: item.replies.filter((reply) => reply.id !== commentId), replyCount };
          }),
        );
        patchReplies((item) => (item.id === commentId ? null : item));
        if (thread) shiftTotal(-1);
      }
      shiftPostCount(-1);
    },
  };
}

/** Ids of comments shown before the server has them: negative, so never one the server gave. */
let lastProvisionalId = 0;

/** Shown at once: a comment waiting for its place on the server. */
export const isProvisional = (comment: Comment) => comment.id < 0;

/**
 * Adds a comment optimistically: it shows at the top of the list (and in the count) at once, takes the
 * server's copy when it comes, and leaves again if the server refuses it.
 */
export function useAddComment(postId: number, author: UserRef) {
  const cache = useCommentsCache(postId);
  return useMutation({
    mutationFn: (content: string) => addComment(postId, content),
    onMutate: (content): Comment => {
      const now = new Date().toISOString();
      const provisional: Comment = {
        id: --lastProvisionalId,
        content,
        createdAt: now,
        updatedAt: now,
        postId,
        parentCommentId: null,
        user: author,
        editedAt: null,
        deleted: false,
        likesCount: 0,
        likedByMe: false,
      };
      cache.added(provisional);
      return provisional;
    },
    onSuccess: (comment, _content, provisional) => cache.replaced(comment, provisional.id),
    onError: (_error, _content, provisional) => {
      if (provisional) cache.removed(provisional.id);
    },
  });
}

/** A reply in the thread of `parentCommentId` (the server puts a reply to a reply in its thread). */
export function useAddReply(postId: number) {
  const cache = useCommentsCache(postId);
  return useMutation({
    mutationFn: ({ parentCommentId, content }: { parentCommentId: number; content: string }) =>
      addComment(postId, content, parentCommentId),
    onSuccess: (reply) => cache.added(reply),
  });
}

export function useCommentLike(postId: number, commentId: number) {
  const cache = useCommentsCache(postId);
  return useMutation({
    mutationFn: () => toggleCommentLike(commentId),
    onSuccess: (response) => cache.liked(commentId, response),
  });
}

export function useUpdateComment(postId: number) {
  const cache = useCommentsCache(postId);
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => updateComment(id, content),
    onSuccess: (comment) => cache.replaced(comment),
  });
}

export function useDeleteComment(postId: number) {
  const cache = useCommentsCache(postId);
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(commentId),
    onSuccess: (_response, commentId) => cache.removed(commentId),
  });
}

/** Blocks the author of a comment from another server: the post's comments are read again without theirs. */
export function useBlockRemoteAuthor(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) => blockRemoteAuthor(accountId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(postId) }),
  });
}
