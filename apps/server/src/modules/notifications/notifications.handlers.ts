import { mentionedHandles } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import type { JobQueue } from '../../lib/jobs.js';
import { notifyFollowersLater } from './notifications.fan-out.js';
import { notify } from './notifications.notify.js';
import {
  groupMembers,
  groupOrganisers,
  groupReaders,
  insertRemoteNotification,
  oneUser,
  usersWithHandles,
} from './notifications.queries.js';

/**
 * Mentions in a post or comment: every mentioned user but the author, once per post or comment, so
 * an edit only notifies the users it newly mentions. The link is the post, also for a comment (the
 * web opens comments on their post); `commentId` makes the notification go when the comment goes.
 */
async function notifyMentions(
  tx: Database,
  jobs: JobQueue,
  mention: { actorId: number; postId: number; commentId?: number },
  ...texts: string[]
) {
  const handles = mentionedHandles(...texts);
  if (handles.length === 0) return;
  const where = mention.commentId === undefined ? 'a post' : 'a comment';
  await notify(
    tx,
    jobs,
    {
      type: 'MENTION',
      actorId: mention.actorId,
      message: (actor) => `${actor} mentioned you in ${where}`,
      entityType: 'post',
      entityId: mention.postId,
      postId: mention.postId,
      commentId: mention.commentId,
    },
    usersWithHandles(handles),
    'ever',
  );
}

/**
 * Notifications are written in the same transaction as their cause, never for acting on your own
 * things. Re-liking (or re-following) while the earlier notification is still unread adds nothing.
 */
export function registerNotificationHandlers(events: EventBus, jobs: JobQueue) {
  events.subscribe('post.liked', async (tx, event) => {
    if (event.postAuthorId === event.actorId) return;
    await notify(
      tx,
      jobs,
      {
        type: 'LIKE',
        actorId: event.actorId,
        message: (actor) => `${actor} liked your post`,
        entityType: 'post',
        entityId: event.postId,
        postId: event.postId,
      },
      oneUser(event.postAuthorId),
      'unread',
    );
  });

  events.subscribe('comment.created', async (tx, event) => {
    // A reply tells the author of the comment it answers; the post's author, if someone else, is told
    // of a new comment as for any other.
    const repliedTo = event.repliedToAuthorId;
    if (repliedTo !== null && repliedTo !== event.actorId) {
      await notify(
        tx,
        jobs,
        {
          type: 'COMMENT_REPLY',
          actorId: event.actorId,
          message: (actor) => `${actor} replied to your comment`,
          entityType: 'post',
          entityId: event.postId,
          postId: event.postId,
          commentId: event.commentId,
        },
        oneUser(repliedTo),
        'ever',
      );
    }
    if (event.postAuthorId !== event.actorId && event.postAuthorId !== repliedTo) {
      await notify(
        tx,
        jobs,
        {
          type: 'COMMENT',
          actorId: event.actorId,
          message: (actor) => `${actor} commented on your post`,
          entityType: 'post',
          entityId: event.postId,
          postId: event.postId,
          commentId: event.commentId,
        },
        oneUser(event.postAuthorId),
        'ever',
      );
    }
    await notifyMentions(tx, jobs, event, event.content);
  });

  // Grouped by post as likes of posts are; the like's notification goes with the comment.
  events.subscribe('comment.liked', async (tx, event) => {
    if (event.commentAuthorId === event.actorId) return;
    await notify(
      tx,
      jobs,
      {
        type: 'COMMENT_LIKE',
        actorId: event.actorId,
        message: (actor) => `${actor} liked your comment`,
        entityType: 'post',
        entityId: event.postId,
        postId: event.postId,
        commentId: event.commentId,
      },
      oneUser(event.commentAuthorId),
      'unread',
    );
  });

  events.subscribe('comment.updated', (tx, event) => notifyMentions(tx, jobs, event, event.content));

  events.subscribe('post.created', (tx, event) =>
    notifyMentions(tx, jobs, event, event.title, event.content),
  );
  events.subscribe('post.updated', (tx, event) =>
    notifyMentions(tx, jobs, event, event.title, event.content),
  );

  events.subscribe('user.followed', (tx, event) =>
    notify(
      tx,
      jobs,
      {
        type: 'FOLLOW',
        actorId: event.actorId,
        message: (actor) => `${actor} started following you`,
        entityType: 'user',
        entityId: event.actorId,
      },
      oneUser(event.followedId),
      'unread',
    ),
  );

  events.subscribe('user.followed.remotely', (tx, event) =>
    insertRemoteNotification(tx, {
      recipientId: event.followedId,
      actorUri: event.actorUri,
      type: 'FOLLOW',
      message: `${event.handle} started following you`,
      postId: null,
    }),
  );

  events.subscribe('post.liked.remotely', (tx, event) =>
    insertRemoteNotification(tx, {
      recipientId: event.postAuthorId,
      actorUri: event.actorUri,
      type: 'LIKE',
      message: `${event.handle} liked your post`,
      postId: event.postId,
    }),
  );

  // As for a reply from here: the comment's author hears of a reply, the post's author of a comment.
  events.subscribe('comment.created.remotely', async (tx, event) => {
    const where = { postId: event.postId, commentId: event.commentId, actorUri: event.actorUri };
    if (event.repliedToAuthorId !== null)
      await insertRemoteNotification(tx, {
        recipientId: event.repliedToAuthorId,
        type: 'COMMENT_REPLY',
        message: `${event.handle} replied to your comment`,
        ...where,
      });
    if (event.postAuthorId !== event.repliedToAuthorId)
      await insertRemoteNotification(tx, {
        recipientId: event.postAuthorId,
        type: 'COMMENT',
        message: `${event.handle} commented on your post`,
        ...where,
      });
  });

  // Linked to the original (the copy is private to its maker); goes with the original.
  events.subscribe('plan.copied', async (tx, event) => {
    if (event.planCreatorId === event.actorId) return;
    await notify(
      tx,
      jobs,
      {
        type: 'LEARNING_PLAN_COPY',
        actorId: event.actorId,
        message: (actor) => `${actor} used your learning plan "${event.title}" as a template`,
        entityType: 'learning-plan',
        entityId: event.planId,
        planId: event.planId,
      },
      oneUser(event.planCreatorId),
      'unread',
    );
  });

  // Organisers of a study group hear of each newcomer; the notification goes with the group's plan.
  events.subscribe('group.joined', (tx, event) =>
    notify(
      tx,
      jobs,
      {
        type: 'GROUP_JOINED',
        actorId: event.actorId,
        message: (actor) => `${actor} joined your study group "${event.groupName}"`,
        entityType: 'group',
        entityId: event.groupId,
        planId: event.planId,
      },
      groupOrganisers(event.groupId, event.actorId),
      'unread',
    ),
  );

  // The other members of each of the finisher's groups on the plan, one notification per group; while one
  // is unread, more of the same person's in that group add nothing (the group page lists them all).
  events.subscribe('group.topic.done', async (tx, event) => {
    for (const group of event.groups) {
      await notify(
        tx,
        jobs,
        {
          type: 'GROUP_TOPIC_DONE',
          actorId: event.actorId,
          message: (actor) => `${actor} finished "${event.topicTitle}" in your study group "${group.name}"`,
          entityType: 'group',
          entityId: group.id,
          planId: event.planId,
        },
        groupMembers(group.id, event.actorId),
        'unread',
      );
    }
  });

  // The discussion is the members' own: a post tells the other members, a reply the post's author, and a
  // mention only members, so naming someone outside the group tells them nothing. While one is unread,
  // more of the same person's in that group add nothing, as for finished topics.
  events.subscribe('group.posted', async (tx, event) => {
    const about = {
      actorId: event.actorId,
      entityType: 'group' as const,
      entityId: event.groupId,
      planId: event.planId,
    };
    const where = `your study group "${event.groupName}"`;
    if (event.repliedToAuthorId === null) {
      await notify(
        tx,
        jobs,
        { ...about, type: 'GROUP_POST', message: (actor) => `${actor} posted in ${where}` },
        groupReaders(event.groupId),
        'unread',
      );
    } else {
      await notify(
        tx,
        jobs,
        { ...about, type: 'GROUP_REPLY', message: (actor) => `${actor} replied to your post in ${where}` },
        groupReaders(event.groupId, oneUser(event.repliedToAuthorId)),
        'unread',
      );
    }
    const handles = mentionedHandles(event.content);
    if (handles.length === 0) return;
    await notify(
      tx,
      jobs,
      { ...about, type: 'MENTION', message: (actor) => `${actor} mentioned you in ${where}` },
      groupReaders(event.groupId, usersWithHandles(handles)),
      'unread',
    );
  });

  // Published only for plans others can see (created public, or made public): every follower may
  // open it. Followers can be many, so they are notified by a background job (notifications.fan-out).
  events.subscribe('plan.published', (tx, event) =>
    notifyFollowersLater(tx, jobs, {
      actorId: event.actorId,
      planId: event.planId,
      title: event.title,
      afterFollowerId: 0,
    }),
  );
}
