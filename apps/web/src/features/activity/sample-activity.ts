import { ACTIVITY_FEEDS, type Activity, type ActivityFeed, NO_ACTIVITY_DETAILS } from '@pathwise/contract';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const author = { id: -2, name: 'Sample Author', profilePicture: null };
const plan = { id: -1, title: 'Sample plan: Web Development Basics' };
const post = { id: -1, title: 'Sample post: My first React app', author };

/**
 * Fixed mock entries, one of each type, shown only when the user asks for
 * them after the real feed failed or came back empty, under the spec's development-data banner.
 */
function sampleActivities(userId: number): Activity[] {
  const user = { id: userId, name: 'Sample Learner', profilePicture: null };
  const base = { ...NO_ACTIVITY_DETAILS, user };
  return [
    {
      ...base,
      id: -1,
      type: 'LEARNING_PROGRESS',
      timestamp: ago(2),
      learningPlan: plan,
      progressPercentage: 65,
    },
    {
      ...base,
      id: -2,
      type: 'TOPIC_COMPLETED',
      timestamp: ago(5),
      learningPlan: plan,
      topicTitle: 'CSS Layouts',
    },
    {
      ...base,
      id: -3,
      type: 'RESOURCE_COMPLETED',
      timestamp: ago(26),
      learningPlan: plan,
      topicTitle: 'CSS Layouts',
      resourceTitle: 'Flexbox in 20 minutes',
    },
    { ...base, id: -4, type: 'POST_LIKE', timestamp: ago(50), post },
    {
      ...base,
      id: -5,
      type: 'POST_COMMENT',
      timestamp: ago(74),
      post,
      comment: { id: -1, content: 'Great explanation, thanks for sharing!' },
    },
    {
      ...base,
      id: -6,
      type: 'FOLLOW_USER',
      timestamp: ago(120),
      followedUser: { id: -3, name: 'Sample Mentor', profilePicture: null },
    },
  ];
}

/** The sample entries a feed would show (its own types only). */
export function sampleFeed(userId: number, feed: ActivityFeed): Activity[] {
  const types: readonly string[] = ACTIVITY_FEEDS[feed].types;
  return sampleActivities(userId).filter((activity) => types.includes(activity.type));
}
