import type { Post } from '@pathwise/contract';
import type { Viewer } from '../../lib/viewer.js';
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

/** What one viewer adds to kept posts: the counts of now ([id, likes, comments]), their likes and saves. */
export type PostsViewerState = {
  counts: readonly (readonly [id: number, likesCount: number, commentsCount: number])[];
  liked: readonly number[];
  saved: readonly number[];
};

const ADDRESSES_KEPT = 4;

export function keepPosts(rows: readonly PostRow[]): KeptPosts {
  const byAddress = new Map<string | null, readonly Post[]>();
  return {
    rows,
    visitorResponses(viewer) {
      // Where this viewer is served media from: the URL of any one file tells.
      const address = viewer.mediaUrl('_');
      const kept = byAddress.get(address);
      if (kept) return kept;
      const built = toPostResponses(viewer, rows);
      if (byAddress.size < ADDRESSES_KEPT) byAddress.set(address, built);
      return built;
    },
  };
}

/** The kept posts' responses for `viewer`, with their own likes and saves and the counts of `state`. */
export function responsesWithState(viewer: Viewer, kept: KeptPosts, state: PostsViewerState): Post[] {
  const counts = new Map(
    state.counts.map(([id, likesCount, commentsCount]) => [id, { likesCount, commentsCount }]),
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
