import type { Post } from '@pathwise/contract';
import { perMediaAddress, type Viewer } from '../../lib/viewer.js';
import { toPostResponses } from './post-responses.js';
import type { PostRow } from './posts.queries.js';

/** A page of posts kept for every viewer: its rows as a visitor sees them, and their responses. */
export type KeptPosts = {
  readonly rows: readonly PostRow[];
  /**
   * The rows' responses as a visitor gets them from `viewer`'s address, built once per address (media
   * URLs are absolute) for the first few addresses, then per request.
   */
  visitorResponses(viewer: Viewer): readonly Post[];
};

/**
 * What one viewer adds to kept posts: the counts of now ([id, likes, comments, shares when read]), their
 * likes and saves.
 */
export type PostsViewerState = {
  counts: readonly (readonly [id: number, likesCount: number, commentsCount: number, sharesCount?: number])[];
  liked: readonly number[];
  saved: readonly number[];
};

export function keepPosts(rows: readonly PostRow[]): KeptPosts {
  return { rows, visitorResponses: perMediaAddress((viewer) => toPostResponses(viewer, rows)) };
}

/** The kept posts' responses for `viewer`, with their own likes and saves and the counts of `state`. */
export function responsesWithState(viewer: Viewer, kept: KeptPosts, state: PostsViewerState): Post[] {
  const counts = new Map(
    state.counts.map(([id, likesCount, commentsCount, sharesCount]) => [
      id,
      { likesCount, commentsCount, ...(sharesCount !== undefined && { sharesCount }) },
    ]),
  );
  const liked = new Set(state.liked);
  const saved = new Set(state.saved);
  return kept.visitorResponses(viewer).map((response) => ({
    ...response,
    ...counts.get(response.id),
    isLikedByCurrentUser: liked.has(response.id),
    isSaved: saved.has(response.id),
  }));
}
