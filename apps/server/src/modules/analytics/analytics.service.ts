import {
  ANALYTICS_MESSAGES,
  type Analytics,
  type AnalyticsQuery,
  type LearningPlan,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { isUnknownTimeZone } from '../../lib/db-errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { type AnalyticsWindow, selectAnalytics } from './analytics.queries.js';

type Dependencies = {
  db: Database;
  /** Plan responses with the viewer's progress, in the order of `ids` (the plans feature's). */
  plansFor: (viewer: Viewer, ids: number[]) => Promise<LearningPlan[]>;
};

/** The signed-in user's learning analytics: three SQL statements whatever the size of their history. */
export function createAnalyticsService({ db, plansFor }: Dependencies) {
  async function figures(window: AnalyticsWindow) {
    try {
      return await selectAnalytics(db, window);
    } catch (error) {
      // The runtime's time zone list and the database's may differ by a few old aliases.
      if (!isUnknownTimeZone(error)) throw error;
      throw badRequest(ANALYTICS_MESSAGES.invalidTimeZone, [
        { field: 'tz', message: ANALYTICS_MESSAGES.invalidTimeZone },
      ]);
    }
  }

  return {
    async dashboard(viewer: Viewer, query: AnalyticsQuery): Promise<Analytics> {
      const { listedPlanIds, ...blocks } = await figures({ userId: viewer.id, ...query });
      return { ...blocks, learningPlans: await plansFor(viewer, listedPlanIds) };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
