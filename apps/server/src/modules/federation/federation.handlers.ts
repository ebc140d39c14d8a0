import { afterCommit } from '../../db/after-commit.js';
import type { EventBus } from '../../lib/events.js';
import type { PathwiseFederation } from './federation.js';
import {
  findPublicPlan,
  findPublicPlanCreator,
  findPublicPost,
  findPublishedPostAuthor,
} from './federation.queries.js';

/**
 * A post's life, a public plan's, a comment's, and their author's account go to the author's remote
 * followers once the transaction has committed (never a rolled-back change): created (or made public),
 * edited, deleted, made private or hidden by a moderator.
 */
export function registerFederationHandlers(events: EventBus, federation: PathwiseFederation) {
  events.subscribe('post.created', (tx, event) =>
    afterCommit(tx, () => federation.announceCreation('posts', event.postId)),
  );
  events.subscribe('post.updated', (tx, event) =>
    afterCommit(tx, () => federation.announceUpdate('posts', event.postId)),
  );
  // Read before the row goes: only a post others could read was sent, so only its deletion is.
  events.subscribe('post.deleted', async (tx, event) => {
    const post = await findPublicPost(tx, event.postId);
    if (post) await afterCommit(tx, () => federation.announceDeletion('posts', post.authorId, event.postId));
  });
  events.subscribe('post.hidden', async (tx, event) => {
    const authorId = await findPublishedPostAuthor(tx, event.postId);
    if (authorId !== null)
      await afterCommit(tx, () => federation.announceDeletion('posts', authorId, event.postId));
  });
  // A plan federates while it is public: published (created public or made public), then edited, until
  // it is made private, deleted or hidden.
  events.subscribe('plan.published', (tx, event) =>
    afterCommit(tx, () => federation.announceCreation('plans', event.planId)),
  );
  events.subscribe('plan.updated', async (tx, event) => {
    if (!event.wasPublic) return;
    const stillPublic = (await findPublicPlanCreator(tx, event.planId)) !== null;
    await afterCommit(tx, () =>
      stillPublic
        ? federation.announceUpdate('plans', event.planId)
        : federation.announceDeletion('plans', event.actorId, event.planId),
    );
  });
  events.subscribe('plan.deleted', async (tx, event) => {
    const plan = await findPublicPlan(tx, event.planId);
    if (plan) await afterCommit(tx, () => federation.announceDeletion('plans', plan.authorId, event.planId));
  });
  events.subscribe('plan.hidden', async (tx, event) => {
    const creatorId = await findPublicPlanCreator(tx, event.planId);
    if (creatorId !== null)
      await afterCommit(tx, () => federation.announceDeletion('plans', creatorId, event.planId));
  });
  // A comment from here federates while anyone may read it: written, edited, then deleted or hidden
  // (read before it goes, as for posts).
  events.subscribe('comment.created', (tx, event) =>
    afterCommit(tx, () => federation.comments.announceCreation(event.commentId)),
  );
  events.subscribe('comment.updated', (tx, event) =>
    afterCommit(tx, () => federation.comments.announceUpdate(event.commentId)),
  );
  for (const type of ['comment.deleted', 'comment.hidden'] as const)
    events.subscribe(type, async (tx, event) => {
      const comment = await federation.comments.withdrawalOf(tx, event.commentId);
      if (comment) await afterCommit(tx, () => federation.comments.announceDeletion(comment));
    });
  // A person's account: their profile as it changes, and their leaving (suspended, deleted, or their
  // profile no longer shown to visitors); a follower they removed is told.
  events.subscribe('user.profile.updated', (tx, event) =>
    afterCommit(tx, () => federation.accounts.announceProfile(event.userId)),
  );
  events.subscribe('user.remote-follower.removed', (tx, { userId, actorUri, inboxUrl, followId }) =>
    afterCommit(tx, () => federation.accounts.rejectFollower(userId, { actorUri, inboxUrl, followId })),
  );
  for (const [type, cause] of [
    ['user.suspended', 'suspension'],
    ['user.deleted', 'deletion'],
    ['user.profile.hidden', 'hiding'],
  ] as const)
    events.subscribe(type, async (tx, event) => {
      const departure = await federation.accounts.departureOf(tx, event.userId, cause);
      if (departure) await afterCommit(tx, () => federation.accounts.announceDeparture(departure));
    });
}
