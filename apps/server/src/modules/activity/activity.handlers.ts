import type { Database } from '../../db/client.js';
import type { EventBus, EventOf } from '../../lib/events.js';
import {
  deleteActivities,
  insertActivities,
  insertProgressOnce,
  type NewActivity,
} from './activity.queries.js';

type ProgressEvent = EventOf<'progress.topic'> | EventOf<'progress.resource'>;

/** What a progress change completed, if anything: a topic, or a resource (with its study time). */
function completions(event: ProgressEvent): NewActivity[] {
  const topic = {
    userId: event.userId,
    planId: event.planId,
    topicId: event.topicId,
    topicTitle: event.topicTitle,
  };
  if (event.type === 'progress.topic') {
    return event.status === 'COMPLETED' ? [{ ...topic, type: 'TOPIC_COMPLETED' }] : [];
  }
  if (!event.completed) return [];
  return [
    {
      ...topic,
      type: 'RESOURCE_COMPLETED',
      resourceId: event.resourceId,
      resourceTitle: event.resourceTitle,
      minutes: event.durationMinutes,
    },
  ];
}

/**
 * Every progress change records the new percentage; a completion also records what was completed
 * (after it, so a feed shows the completion above the percentage it led to).
 */
async function recordProgress(tx: Database, event: ProgressEvent) {
  await insertProgressOnce(tx, {
    userId: event.userId,
    planId: event.planId,
    percentage: Math.round(event.percentage),
  });
  const completed = completions(event);
  if (completed.length > 0) await insertActivities(tx, completed);
}

const record = (tx: Database, activity: NewActivity) => insertActivities(tx, [activity]);

/**
 * Activities are recorded in the same transaction as their cause. Undoing a like or a follow takes
 * its activity back, so a profile never shows a like or a follow that no longer exists.
 */
export function registerActivityHandlers(events: EventBus) {
  events.subscribe('post.liked', (tx, event) =>
    record(tx, { userId: event.actorId, type: 'POST_LIKE', postId: event.postId }),
  );
  events.subscribe('post.unliked', (tx, event) =>
    deleteActivities(tx, { userId: event.actorId, type: 'POST_LIKE', postId: event.postId }),
  );
  events.subscribe('comment.created', (tx, event) =>
    record(tx, {
      userId: event.actorId,
      type: 'POST_COMMENT',
      postId: event.postId,
      commentId: event.commentId,
    }),
  );
  events.subscribe('user.followed', (tx, event) =>
    record(tx, { userId: event.actorId, type: 'FOLLOW_USER', followedUserId: event.followedId }),
  );
  events.subscribe('user.unfollowed', (tx, event) =>
    deleteActivities(tx, { userId: event.actorId, type: 'FOLLOW_USER', followedUserId: event.followedId }),
  );
  events.subscribe('progress.topic', recordProgress);
  events.subscribe('progress.resource', recordProgress);
}
