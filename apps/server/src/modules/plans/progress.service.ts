import { PLAN_MESSAGES, type TopicStatus } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import type { Viewer } from '../../lib/viewer.js';
import { requireVisibleTopic } from './plan-access.js';
import { completionPercentage } from './plan-responses.js';
import {
  countPlanCompletions,
  countTopicCompletions,
  findTopicResource,
  findTopicStatus,
  keepTopic,
  lockUserTopic,
  saveResourceCompletion,
  saveTopicStatus,
} from './plans.queries.js';

/** A topic's status after one of its resources was completed or un-completed. */
async function derivedTopicStatus(
  tx: Database,
  userId: number,
  topicId: number,
  before: TopicStatus,
  completed: boolean,
): Promise<TopicStatus> {
  if (!completed) return before === 'COMPLETED' ? 'IN_PROGRESS' : before;
  const resources = await countTopicCompletions(tx, userId, topicId);
  if (resources.completed === resources.total) return 'COMPLETED';
  return before === 'NOT_STARTED' ? 'IN_PROGRESS' : before;
}

/**
 * Each user's own progress on any plan they can see. Every change is stored with its time and
 * published (progress.topic / progress.resource) in the same transaction for activity and analytics.
 */
export function createProgressService({ db, events }: { db: Database; events: EventBus }) {
  /**
   * The topic, held until the change commits (a concurrent edit of the plan that removes it waits),
   * and this user's changes on it taken one at a time.
   */
  const holdTopic = async (tx: Database, viewer: Viewer, planId: number, topicId: number) => {
    const { topic } = await requireVisibleTopic(tx, viewer, planId, topicId);
    if (!(await keepTopic(tx, topicId))) throw notFound(PLAN_MESSAGES.topicNotFound);
    await lockUserTopic(tx, viewer.id, topicId);
    return topic;
  };

  const percentageOf = async (tx: Database, userId: number, planId: number) => {
    const topics = await countPlanCompletions(tx, userId, planId);
    return completionPercentage(topics.completed, topics.total - topics.skipped);
  };

  return {
    /** Sets the viewer's status of a topic (any value, freely). */
    async setTopicStatus(viewer: Viewer, planId: number, topicId: number, status: TopicStatus) {
      await db.transaction(async (tx) => {
        const topic = await holdTopic(tx, viewer, planId, topicId);
        if ((await findTopicStatus(tx, viewer.id, topicId)) === status) return;
        await saveTopicStatus(tx, viewer.id, topicId, status);
        await events.publish(tx, {
          type: 'progress.topic',
          userId: viewer.id,
          planId,
          topicId,
          topicTitle: topic.title,
          status,
          percentage: await percentageOf(tx, viewer.id, planId),
        });
      });
    },

    /**
     * Marks a resource completed or not for the viewer. Completing a topic's last resource completes
     * the topic; the first completed resource starts a topic not started; un-completing a resource of a
     * completed topic puts it back in progress.
     */
    async setResourceCompleted(
      viewer: Viewer,
      ids: { planId: number; topicId: number; resourceId: number },
      completed: boolean,
    ) {
      const { planId, topicId, resourceId } = ids;
      await db.transaction(async (tx) => {
        const topic = await holdTopic(tx, viewer, planId, topicId);
        const resource = await findTopicResource(tx, topicId, resourceId, true);
        if (!resource) throw notFound(PLAN_MESSAGES.resourceNotFound);
        if (!(await saveResourceCompletion(tx, viewer.id, resourceId, completed))) return;

        const before = await findTopicStatus(tx, viewer.id, topicId);
        const after = await derivedTopicStatus(tx, viewer.id, topicId, before, completed);
        if (after !== before) await saveTopicStatus(tx, viewer.id, topicId, after);
        const percentage = await percentageOf(tx, viewer.id, planId);
        const change = { userId: viewer.id, planId, topicId, topicTitle: topic.title, percentage };
        await events.publish(tx, {
          type: 'progress.resource',
          ...change,
          resourceId,
          resourceTitle: resource.title,
          completed,
          durationMinutes: resource.durationMinutes,
        });
        if (after === 'COMPLETED' && before !== 'COMPLETED')
          await events.publish(tx, { type: 'progress.topic', ...change, status: after });
      });
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
