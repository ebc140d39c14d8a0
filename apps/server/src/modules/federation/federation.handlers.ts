import { afterCommit } from '../../db/after-commit.js';
import type { EventBus } from '../../lib/events.js';
import type { PathwiseFederation } from './federation.js';
import { findPublicPost, findPublishedPostAuthor } from './federation.queries.js';

/**
 * A post's life, and its author's account, go to the author's remote followers once the transaction
 * has committed (never a rolled-back change): created, edited, deleted or hidden by a moderator.
 */
export function registerFederationHandlers(events: EventBus, federation: PathwiseFederation) {
  events.subscribe('post.created', (tx, event) =>
    afterCommit(tx, () => federation.announcePost(event.postId)),
  );
  events.subscribe('post.updated', (tx, event) =>
    afterCommit(tx, () => federation.announceUpdate(event.postId)),
  );
  // Read before the row goes: only a post others could read was sent, so only its deletion is.
  events.subscribe('post.deleted', async (tx, event) => {
    const post = await findPublicPost(tx, event.postId);
    if (post) await afterCommit(tx, () => federation.announceDeletion(post.authorId, event.postId));
  });
  // A person's account: their profile as it changes, and their leaving (suspended or deleted).
  events.subscribe('user.profile.updated', (tx, event) =>
    afterCommit(tx, () => federation.accounts.announceProfile(event.userId)),
  );
  for (const [type, cause] of [
    ['user.suspended', 'suspension'],
    ['user.deleted', 'deletion'],
  ] as const)
    events.subscribe(type, async (tx, event) => {
      const departure = await federation.accounts.departureOf(tx, event.userId, cause);
      if (departure) await afterCommit(tx, () => federation.accounts.announceDeparture(departure));
    });
  events.subscribe('post.hidden', async (tx, event) => {
    const authorId = await findPublishedPostAuthor(tx, event.postId);
    if (authorId !== null) await afterCommit(tx, () => federation.announceDeletion(authorId, event.postId));
  });
}
