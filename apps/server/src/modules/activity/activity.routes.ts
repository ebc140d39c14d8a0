import {
  ACTIVITY_FEEDS,
  type ActivityFeed,
  activityPage,
  activityQuery,
  userIdParams,
} from '@pathwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readResponse } from '../../lib/route-schema.js';
import { viewerOf } from '../../lib/viewer.js';
import type { ActivityService } from './activity.service.js';

const SUMMARIES: Record<ActivityFeed, string> = {
  all: "A user's activity, newest first",
  learning: "A user's learning progress: progress, completed topics and resources",
  social: "A user's social activity: likes, comments and follows",
};

/** `GET /api/users/{id}/activities`, `/learning-progress` and `/social-activity`. */
export const activityRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (
  app,
  { activity },
) => {
  for (const feed of Object.keys(ACTIVITY_FEEDS) as ActivityFeed[]) {
    app.get(
      `/:id/${ACTIVITY_FEEDS[feed].path}`,
      {
        schema: {
          tags: ['activity'],
          summary: SUMMARIES[feed],
          params: userIdParams,
          querystring: activityQuery(feed),
          response: readResponse(activityPage),
        },
      },
      async (request) => activity.feed(viewerOf(request), request.params.id, feed, request.query),
    );
  }
};
