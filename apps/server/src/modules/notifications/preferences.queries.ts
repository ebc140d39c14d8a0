import type { NotificationPreferencesChange, StoredNotificationPreferences } from '@pathwise/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/index.js';

const storedColumns = {
  types: notificationPreferences.types,
  digest: notificationPreferences.digest,
  fromPeopleYouDontFollow: notificationPreferences.fromPeopleYouDontFollow,
  quietHours: notificationPreferences.quietHours,
};

/** What the person chose, or null when they never changed anything (the defaults apply). */
export async function selectStoredPreferences(
  db: Database,
  userId: number,
): Promise<StoredNotificationPreferences | null> {
  const [row] = await db
    .select(storedColumns)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

/**
 * Applies a change in one statement: the first one writes the row, later ones merge each type's
 * switches into what is stored, so two changes of different switches at once both stay.
 */
export async function upsertPreferences(
  db: Database,
  userId: number,
  change: NotificationPreferencesChange,
): Promise<StoredNotificationPreferences> {
  const types = JSON.stringify(change.types ?? {});
  const digest = change.digest ?? null;
  const strangers = change.fromPeopleYouDontFollow ?? null;
  // undefined keeps the quiet hours, null removes them.
  const quietHours =
    change.quietHours === undefined ? undefined : change.quietHours && JSON.stringify(change.quietHours);
  const [row] = await db
    .insert(notificationPreferences)
    .values({
      userId,
      types: sql`${types}::jsonb`,
      digest: sql`coalesce(${digest}::text, 'WEEKLY')`,
      fromPeopleYouDontFollow: sql`coalesce(${strangers}::text, 'ALLOW')`,
      quietHours: sql`${quietHours ?? null}::jsonb`,
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        types: sql`${notificationPreferences.types} || coalesce((
          select jsonb_object_agg(
            change.key,
            coalesce(${notificationPreferences.types} -> change.key, '{}'::jsonb) || change.value
          )
          from jsonb_each(excluded.types) change), '{}'::jsonb)`,
        digest: sql`coalesce(${digest}::text, ${notificationPreferences.digest})`,
        fromPeopleYouDontFollow: sql`coalesce(
          ${strangers}::text, ${notificationPreferences.fromPeopleYouDontFollow})`,
        quietHours:
          quietHours === undefined ? sql`${notificationPreferences.quietHours}` : sql`excluded.quiet_hours`,
        updatedAt: sql`now()`,
      },
    })
    .returning(storedColumns);
  return row!;
}
