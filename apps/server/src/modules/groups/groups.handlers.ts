import type { EventBus } from '../../lib/events.js';
import { insertTopicDone } from './groups.queries.js';

/**
 * A topic finished by a member of groups on its plan becomes a line of their activity and, the first
 * time only, news for the other members (`group.topic.done`, in the same transaction).
 */
export function registerGroupHandlers(events: EventBus) {
  events.subscribe('progress.topic', async (tx, event) => {
    if (event.status !== 'COMPLETED') return;
    const groups = await insertTopicDone(tx, event);
    if (groups.length === 0) return;
    await events.publish(tx, {
      type: 'group.topic.done',
      actorId: event.userId,
      planId: event.planId,
      topicTitle: event.topicTitle,
      groups,
    });
  });
}
