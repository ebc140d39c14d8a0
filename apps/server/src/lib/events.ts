import type { Database } from '../db/client.js';

/**
 * Things that happened, published by the module that made them happen, inside its transaction.
 * Other modules subscribe (activity feeds, notifications), so a cause and its consequences commit
 * or fail together, and no module imports another's internals.
 */
export type DomainEvent =
  | { type: 'post.created'; actorId: number; postId: number; title: string; content: string }
  | { type: 'post.updated'; actorId: number; postId: number; title: string; content: string }
  /** Published before the post's row goes, so a subscriber can still read what it was. */
  | { type: 'post.deleted'; actorId: number; postId: number }
  /** A moderator hid the post (or changed the reason it is hidden for). */
  | { type: 'post.hidden'; postId: number }
  | { type: 'post.liked'; actorId: number; postId: number; postAuthorId: number }
  | { type: 'post.unliked'; actorId: number; postId: number; postAuthorId: number }
  | {
      type: 'comment.created';
      actorId: number;
      postId: number;
      postAuthorId: number;
      commentId: number;
      /** For a reply: the author of the comment it answers (null when that one was deleted). */
      repliedToAuthorId: number | null;
      content: string;
    }
  | { type: 'comment.liked'; actorId: number; postId: number; commentId: number; commentAuthorId: number }
  | { type: 'comment.updated'; actorId: number; postId: number; commentId: number; content: string }
  /** Its author or the post's deleted the comment: published before its row goes or is emptied. */
  | { type: 'comment.deleted'; actorId: number; postId: number; commentId: number }
  /** A moderator is hiding the comment: published before it is, so a subscriber sees what it was. */
  | { type: 'comment.hidden'; commentId: number }
  | { type: 'user.followed'; actorId: number; followedId: number }
  /** A person saved their profile (name, handle, bio, picture) or replaced their picture. */
  | { type: 'user.profile.updated'; userId: number }
  /** A moderator suspended the account (published once its row says so). */
  | { type: 'user.suspended'; userId: number }
  /** The person deleted their account: published before its rows go, so a subscriber can still read them. */
  | { type: 'user.deleted'; userId: number }
  | { type: 'user.unfollowed'; actorId: number; followedId: number }
  /** Someone on another server followed a person here (modules/federation); `handle` is `@name@host`. */
  | { type: 'user.followed.remotely'; followedId: number; handle: string; actorUri: string }
  /** The person removed a follower elsewhere (their row is gone): `followId` is the `Follow` they sent. */
  | {
      type: 'user.remote-follower.removed';
      userId: number;
      actorUri: string;
      inboxUrl: string;
      followId: string | null;
    }
  /**
   * The person stopped showing their profile to visitors: published before their followers and follows
   * elsewhere go, so a subscriber can still read them.
   */
  | { type: 'user.profile.hidden'; userId: number }
  /** Someone on another server liked a post here (modules/federation). */
  | { type: 'post.liked.remotely'; postId: number; postAuthorId: number; handle: string; actorUri: string }
  /**
   * Someone on another server replied to a post here, or to a comment on it (modules/federation):
   * `repliedToAuthorId` is the person here whose comment they answered, if any.
   */
  | {
      type: 'comment.created.remotely';
      postId: number;
      postAuthorId: number;
      commentId: number;
      repliedToAuthorId: number | null;
      handle: string;
      actorUri: string;
    }
  /** A plan became visible to others: created public, or switched from private to public. */
  | { type: 'plan.published'; actorId: number; planId: number; title: string }
  /** Its creator replaced the plan (title, description, topics…); `wasPublic` is what it was before. */
  | { type: 'plan.updated'; actorId: number; planId: number; wasPublic: boolean }
  /** Published before the plan's row goes, so a subscriber can still read what it was. */
  | { type: 'plan.deleted'; actorId: number; planId: number }
  /** A moderator hid the plan (or changed the reason it is hidden for). */
  | { type: 'plan.hidden'; planId: number }
  /** A plan was copied with "Use as template" into a new private plan of the actor's. */
  | { type: 'plan.copied'; actorId: number; planId: number; planCreatorId: number; title: string }
  /** Someone joined a study group (modules/groups): its organisers are told. */
  | { type: 'group.joined'; actorId: number; groupId: number; planId: number; groupName: string }
  /**
   * A member posted in a study group's discussion (modules/groups): the other members hear of a post, the
   * post's author of a reply (`repliedToAuthorId`, null for a post), and the members it mentions of either.
   */
  | {
      type: 'group.posted';
      actorId: number;
      groupId: number;
      planId: number;
      groupName: string;
      repliedToAuthorId: number | null;
      content: string;
    }
  /**
   * A member of study groups on a plan finished one of its topics for the first time (modules/groups):
   * the other members of those groups are told.
   */
  | {
      type: 'group.topic.done';
      actorId: number;
      planId: number;
      topicTitle: string;
      groups: { id: number; name: string }[];
    }
  | {
      type: 'progress.topic';
      userId: number;
      planId: number;
      topicId: number;
      topicTitle: string;
      status: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'SKIPPED';
      /** The user's completion percentage of the plan after the change. */
      percentage: number;
    }
  | {
      type: 'progress.resource';
      userId: number;
      planId: number;
      topicId: number;
      topicTitle: string;
      resourceId: number;
      resourceTitle: string;
      completed: boolean;
      durationMinutes: number | null;
      percentage: number;
    };

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type EventHandler<T extends EventType> = (tx: Database, event: EventOf<T>) => Promise<void>;

export function createEventBus() {
  const handlers = new Map<EventType, EventHandler<EventType>[]>();
  return {
    subscribe<T extends EventType>(type: T, handler: EventHandler<T>) {
      const list = handlers.get(type) ?? [];
      list.push(handler as unknown as EventHandler<EventType>);
      handlers.set(type, list);
    },
    /** Runs every subscriber in the caller's transaction, in subscription order. */
    async publish(tx: Database, event: DomainEvent) {
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
