import { afterCommit } from '../../db/after-commit.js';
import type { EventBus } from '../../lib/events.js';
import type { PathwiseFederation } from './federation.js';

/** A new post goes to the author's remote followers once it has committed (never a rolled-back one). */
export function registerFederationHandlers(events: EventBus, federation: PathwiseFederation) {
  events.subscribe('post.created', (tx, event) =>
    afterCommit(tx, () => federation.announcePost(event.postId)),
  );
}
