/**
 * Topic prerequisites and the plan page's map (docs/features.md, "Topic prerequisites and the plan map"): the
 * texts that need no zod. Apart from plan-constants.ts, which the home page's plan cards download: these
 * are only the plan page's, the editor's and the server's.
 */
import { PLAN_LIMITS, type TopicStatus } from './plan-constants.js';

export const TOPIC_STATUS_LABELS: Record<TopicStatus, string> = {
  NOT_STARTED: 'Not Started',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  SKIPPED: 'Skipped',
};

export const PLAN_MAP_MESSAGES = {
  foreignPrerequisite: (ref: string) => `Prerequisite ${ref} is not a topic of this learning plan`,
  selfPrerequisite: (title: string) => `Topic "${title}" cannot be its own prerequisite`,
  prerequisiteCycle: (titles: string[]) =>
    `Prerequisites cannot go in a circle: ${[...titles, titles[0]].join(' → ')}`,
  tooManyPrerequisites: `A topic can have at most ${PLAN_LIMITS.maxTopics - 1} prerequisites`,
  viewList: 'List',
  viewMap: 'Map',
  viewChoice: 'Show topics as',
  mapLabel: (title: string) =>
    `Map of the topics of ${title}. Arrow keys move between topics, Enter opens one, ` +
    'D marks it done, P in progress, S skipped.',
  mapLoadFailed: 'Could not draw the map. The list shows the same topics.',
  mapLegend: 'Legend',
  needs: (titles: string[]) => `Needs: ${titles.join(', ')}`,
  prerequisitesLabel: (title: string) => `Prerequisites of ${title}`,
  noOtherTopics: 'Add another topic to pick prerequisites.',
} as const;
