import type { Comment, CommentThread, Post, PostMedia } from '@pathwise/contract';
import { HttpResponse, http } from 'msw';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { pageOf } from '../../../test/page-of';

export const bobRef = { id: 8, name: 'Bob Stone', profilePicture: 'https://cdn.example/bob.png' };
export const annRef = { id: ann.id, name: ann.name, profilePicture: null };

export function imageMedia(id: number, altText = `Photo ${id}`): PostMedia {
  return {
    id,
    type: 'IMAGE',
    fileUrl: `http://localhost:3000/api/media/posts/${id}.jpg`,
    thumbnailUrl: `http://localhost:3000/api/media/posts/${id}-thumb.webp`,
    width: 800,
    height: 600,
    durationSeconds: null,
    altText,
  };
}

export function videoMedia(id: number): PostMedia {
  return {
    id,
    type: 'VIDEO',
    fileUrl: `http://localhost:3000/api/media/posts/${id}.mp4`,
    thumbnailUrl: null,
    width: null,
    height: null,
    durationSeconds: 12,
    altText: '',
  };
}

/** Ann's post 'Learning Rust ownership', written two hours ago. */
export function postFixture(fields: Partial<Post> = {}): Post {
  return {
    id: 42,
    title: 'Learning Rust ownership',
    content: 'Moves, borrows and lifetimes finally clicked today.',
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    category: 'PROGRAMMING',
    learningProgressPercent: 40,
    author: annRef,
    media: [],
    tags: [],
    likesCount: 0,
    sharesCount: 0,
    commentsCount: 0,
    isLikedByCurrentUser: false,
    isSaved: false,
    editedAt: null,
    readingMinutes: 1,
    coverMediaId: null,
    coverChosen: false,
    ...fields,
  };
}

export function commentFixture(fields: Partial<Comment> = {}): Comment {
  return {
    id: 300,
    content: 'Great summary!',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 60_000).toISOString(),
    postId: 42,
    parentCommentId: null,
    user: bobRef,
    editedAt: null,
    deleted: false,
    likesCount: 0,
    likedByMe: false,
    ...fields,
  };
}

/** A comment of the post's list with its replies (none unless given). */
export function threadFixture(fields: Partial<CommentThread> = {}): CommentThread {
  return { ...commentFixture(), replies: [], replyCount: 0, ...fields };
}

/** Answers the post's detail and its comments (threads without replies unless they say so). */
export function servePost(post: Post, comments: (Comment & Partial<CommentThread>)[] = []) {
  const threads = comments.map((comment) => threadFixture(comment));
  server.use(
    http.get(`/api/posts/${post.id}`, () => HttpResponse.json(post)),
    http.get(`/api/posts/${post.id}/comments`, () => HttpResponse.json(pageOf(threads))),
  );
}

/** Answers the home feed with no posts, for tests that end up on the home page. */
export function serveEmptyFeed() {
  server.use(http.get('/api/posts', () => HttpResponse.json(pageOf([]))));
}
