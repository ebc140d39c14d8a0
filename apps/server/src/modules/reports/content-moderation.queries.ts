import type { HideableTargetType } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  comments,
  learningPlans,
  moderationActions,
  posts,
  reports,
  studyGroupPostMedia,
  studyGroupPosts,
} from '../../db/schema/index.js';
import { forgetPagesAfterCommit } from '../../db/shared-pages.js';

const TABLES = { POST: posts, COMMENT: comments, LEARNING_PLAN: learningPlans } as const;
/** The reports' column pointing at each kind of target. */
const REPORT_COLUMNS = {
  POST: reports.postId,
  COMMENT: reports.commentId,
  LEARNING_PLAN: reports.planId,
} as const;

export type ContentTarget = { type: HideableTargetType; id: number };

async function changedIds(db: Database, statement: ReturnType<typeof sql>) {
  const result = (await db.execute(statement)) as unknown as { rows: { id: number }[] };
  return result.rows.length > 0;
}

/**
 * Hides the target with the reason (again, with a new reason, when it was hidden); false when there is no
 * such target.
 */
export async function hideTarget(db: Database, target: ContentTarget, reason: string) {
  const table = TABLES[target.type];
  const changed = await changedIds(
    db,
    sql`update ${table} set hidden_at = now(), hidden_reason = ${reason}
      where ${table.id} = ${target.id} returning ${table.id} as id`,
  );
  // This process, whose kept pages send no statement, never shows it again; the others hear the trigger.
  if (target.type !== 'COMMENT') await forgetPagesAfterCommit(db);
  return changed;
}

/** Shows the target to everyone again; false when it was not hidden (or does not exist). */
export async function unhideTarget(db: Database, target: ContentTarget) {
  const table = TABLES[target.type];
  const changed = await changedIds(
    db,
    sql`update ${table} set hidden_at = null, hidden_reason = null
      where ${table.id} = ${target.id} and hidden_at is not null returning ${table.id} as id`,
  );
  // This process shows it again on its next read; the others hear the trigger (migration 0042).
  if (target.type !== 'COMMENT') await forgetPagesAfterCommit(db);
  return changed;
}

export async function targetExists(db: Database, target: ContentTarget) {
  const table = TABLES[target.type];
  return changedIds(db, sql`select ${table.id} as id from ${table} where ${table.id} = ${target.id}`);
}

/**
 * Records the action and, when the target was hidden, resolves the open reports about it with the
 * reason as their note (each resolution logged too, as closing a report by hand is): two statements.
 */
export async function recordContentAction(
  db: Database,
  action: { moderatorId: number; target: ContentTarget; hidden: boolean; note: string },
) {
  const { moderatorId, target, note } = action;
  await db.insert(moderationActions).values({
    moderatorId,
    action: `${target.type}_${action.hidden ? 'HIDDEN' : 'UNHIDDEN'}`,
    targetType: target.type,
    targetId: target.id,
    note,
  });
  if (!action.hidden) return;
  await db.execute(sql`with resolved as (
      update ${reports} set status = 'RESOLVED', closed_at = now(),
        closed_by_id = ${moderatorId}, note = ${note}
      where ${REPORT_COLUMNS[target.type]} = ${target.id} and ${reports.status} = 'OPEN'
      returning ${reports.id} as id)
    insert into ${moderationActions} (moderator_id, action, report_id, target_type, target_id, note)
    select ${moderatorId}::integer, 'REPORT_RESOLVED', id,
      ${target.type}::text, ${target.id}::integer, ${note}::text
    from resolved`);
}

/**
 * Removes a post of a group's discussion (its replies go with it), resolves the open reports about it and
 * logs both, in one statement: null when there is no such post, else the storage keys of the files the
 * post and its replies held, read before the delete.
 */
export async function removeGroupPost(
  db: Database,
  removal: { moderatorId: number; postId: number; note: string },
): Promise<string[] | null> {
  const { moderatorId, postId, note } = removal;
  const result = (await db.execute(sql`with target as (
        select id from ${studyGroupPosts} where id = ${postId}
      ), resolved as (
        update ${reports}
        set status = 'RESOLVED', closed_at = now(), closed_by_id = ${moderatorId}, note = ${note}
        where ${reports.groupPostId} in (select id from target) and ${reports.status} = 'OPEN'
        returning ${reports.id} as id
      ), logged as (
        insert into ${moderationActions} (moderator_id, action, report_id, target_type, target_id, note)
        select ${moderatorId}::integer, 'REPORT_RESOLVED', id, 'GROUP_POST', ${postId}::integer,
          ${note}::text from resolved
        union all
        select ${moderatorId}::integer, 'GROUP_POST_REMOVED', null, 'GROUP_POST', id, ${note}::text
          from target
      ), gone as (
        delete from ${studyGroupPosts} where id in (select id from target)
      ), files as (
        select m.file_key, m.thumbnail_key from ${studyGroupPostMedia} m
        join ${studyGroupPosts} p on p.id = m.post_id
        where p.id in (select id from target) or p.parent_id in (select id from target)
      )
      select exists (select 1 from target) as found,
        coalesce((select array_agg(k.key) from files,
          unnest(array[files.file_key, files.thumbnail_key]) as k(key) where k.key is not null),
          '{}') as keys`)) as unknown as { rows: { found: boolean; keys: string[] }[] };
  const row = result.rows[0]!;
  return row.found ? row.keys : null;
}
