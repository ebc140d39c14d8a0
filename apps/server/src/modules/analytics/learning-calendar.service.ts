import { LEARNING_CALENDAR_MESSAGES, type LearningCalendar } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { isUnknownTimeZone } from '../../lib/db-errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { selectLearningCalendar } from './learning-calendar.queries.js';

/** A person's learning calendar as the viewer may see it: one SQL statement. */
export function createLearningCalendarService(db: Database) {
  return {
    async calendar(viewer: Viewer, userId: number, timeZone: string): Promise<LearningCalendar> {
      let calendar: LearningCalendar | null;
      try {
        calendar = await selectLearningCalendar(db, { viewerId: viewer.id, userId, timeZone });
      } catch (error) {
        // The runtime's time zone list and the database's may differ by a few old aliases.
        if (!isUnknownTimeZone(error)) throw error;
        throw badRequest(LEARNING_CALENDAR_MESSAGES.invalidTimeZone, [
          { field: 'timeZone', message: LEARNING_CALENDAR_MESSAGES.invalidTimeZone },
        ]);
      }
      if (!calendar) throw notFound(LEARNING_CALENDAR_MESSAGES.notFound);
      return calendar;
    },
  };
}
export type LearningCalendarService = ReturnType<typeof createLearningCalendarService>;
