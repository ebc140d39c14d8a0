import type { PlanTopic, TopicStatus } from '@pathwise/contract';

const DONE_WITH = new Set<TopicStatus>(['COMPLETED', 'SKIPPED']);

/**
 * The titles of `topic`'s prerequisites the viewer has neither completed nor skipped (a skipped one was
 * set aside on purpose, so it no longer holds the topic back).
 */
export function unmetPrerequisites(
  topics: Pick<PlanTopic, 'id' | 'title' | 'completionStatus'>[],
  topic: Pick<PlanTopic, 'prerequisiteTopicIds'>,
): string[] {
  const byId = new Map(topics.map((each) => [each.id, each]));
  return topic.prerequisiteTopicIds.flatMap((id) => {
    const prerequisite = byId.get(id);
    return prerequisite && !DONE_WITH.has(prerequisite.completionStatus) ? [prerequisite.title] : [];
  });
}
