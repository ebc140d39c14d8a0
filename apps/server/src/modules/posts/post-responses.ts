import type { Category, Post } from '@pathwise/contract';
import { moderationOf } from '../../lib/content-moderation.js';
import { mediaResponse } from '../../lib/uploads/media.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PostRow } from './posts.queries.js';
import { readingMinutes } from './reading-time.js';

/** The cover: the image its author chose while the post still has it, else its first image. */
function coverOf(row: Pick<PostRow, 'coverMediaId' | 'media'>) {
  const images = row.media.filter((item) => item.type === 'IMAGE');
  const chosen = images.find((item) => item.id === row.coverMediaId);
  return { coverMediaId: (chosen ?? images[0])?.id ?? null, coverChosen: chosen !== undefined };
}

/** Post responses for rows already read (they carry their media). */
export function toPostResponses(viewer: Viewer, rows: readonly PostRow[]): Post[] {
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    category: row.category as Category,
    learningProgressPercent: row.learningProgressPercent,
    author: { id: row.authorId, name: row.authorName, profilePicture: viewer.mediaUrl(row.authorPicture) },
    media: row.media.map((item) => mediaResponse(item, viewer.mediaUrl)),
    tags: row.tags,
    likesCount: row.likesCount,
    sharesCount: row.sharesCount,
    commentsCount: row.commentsCount,
    isLikedByCurrentUser: row.isLikedByCurrentUser,
    isSaved: row.isSaved,
    editedAt: row.editedAt?.toISOString() ?? null,
    readingMinutes: readingMinutes(row.content),
    ...coverOf(row),
    ...moderationOf(row),
  }));
}

/** Responses for the author's scheduled posts: each says when it will appear. */
export function scheduledResponses(viewer: Viewer, rows: readonly (PostRow & { publishAt: Date | null })[]) {
  const responses = toPostResponses(viewer, rows);
  return responses.map((response, index) => ({
    ...response,
    publishAt: (rows[index]!.publishAt ?? new Date()).toISOString(),
  }));
}
