import {
  type NotificationPreferences,
  type NotificationPreferencesChange,
  resolveNotificationPreferences,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { Viewer } from '../../lib/viewer.js';
import { selectStoredPreferences, upsertPreferences } from './preferences.queries.js';

/**
 * Each person's notification preferences. They take effect where notifications are written
 * (`insertNotifications`), so this only reads and stores them.
 */
export function createNotificationPreferencesService(db: Database) {
  return {
    async get(viewer: Viewer): Promise<NotificationPreferences> {
      return resolveNotificationPreferences(await selectStoredPreferences(db, viewer.id));
    },

    /** A change that changes nothing stores nothing: someone with no row keeps the defaults. */
    async change(viewer: Viewer, change: NotificationPreferencesChange): Promise<NotificationPreferences> {
      const empty =
        change.digest === undefined &&
        change.fromPeopleYouDontFollow === undefined &&
        change.quietHours === undefined &&
        Object.values(change.types ?? {}).every((switches) => Object.keys(switches ?? {}).length === 0);
      if (empty) return this.get(viewer);
      return resolveNotificationPreferences(await upsertPreferences(db, viewer.id, change));
    },
  };
}

export type NotificationPreferencesService = ReturnType<typeof createNotificationPreferencesService>;
