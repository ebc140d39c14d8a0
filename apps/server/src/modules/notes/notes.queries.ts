import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { learningPlans, notes, planResources, planTopics } from '../../db/schema/index.js';
import { planColumnsOf, planVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

/**
 * What a note would be on, as far as `viewerId` may see it: whether the plan is visible to them, the
 * topic is the plan's and the resource (when asked for) the topic's. One statement.
 */
export async function findNoteTarget(
  db: Database,
  viewerId: number,
  target: { planId: number; topicId: number; resourceId?: number | undefined },
) {
  const [row] = await db
    .select({
      topicId: planTopics.id,
      resourceId: target.resourceId === undefined ? sql<null>`null` : planResources.id,
    })
    .from(learningPlans)
    .leftJoin(planTopics, and(eq(planTopics.id, target.topicId), eq(planTopics.planId, learningPlans.id)))
    .leftJoin(
      planResources,
      and(eq(planResources.id, target.resourceId ?? 0), eq(planResources.topicId, planTopics.id)),
    )
    .where(and(eq(learningPlans.id, target.planId), planVisibleTo(viewerId)));
  return row ?? null;
}

export async function planVisible(db: Database, viewerId: number, planId: number) {
  const rows = await db
    .select({ id: learningPlans.id })
    .from(learningPlans)
    .where(and(eq(learningPlans.id, planId), planVisibleTo(viewerId)));
  return rows.length > 0;
}

const noteColumns = {
  id: notes.id,
  planId: notes.planId,
  topicId: notes.topicId,
  resourceId: notes.resourceId,
  content: notes.content,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};
export type NoteRow = {
  id: number;
  planId: number;
  topicId: number;
  resourceId: number | null;
  content: string;
  createdAt: Date;
  updatedAt: Date;
};

/** Creates or replaces the writer's note on a topic (`resourceId` null) or resource. */
export async function upsertNote(
  db: Database,
  note: { userId: number; planId: number; topicId: number; resourceId: number | null; content: string },
): Promise<NoteRow> {
  const [row] = await db
    .insert(notes)
    .values(note)
    .onConflictDoUpdate({
      target: note.resourceId === null ? [notes.userId, notes.topicId] : [notes.userId, notes.resourceId],
      targetWhere: note.resourceId === null ? sql`resource_id is null` : sql`resource_id is not null`,
      set: { content: note.content, updatedAt: sql`now()` },
    })
    .returning(noteColumns);
  return row!;
}

/** The writer's notes on one plan, as long as they may see the plan. */
export function selectPlanNotes(db: Database, userId: number, planId: number) {
  return db
    .select(noteColumns)
    .from(notes)
    .innerJoin(learningPlans, eq(learningPlans.id, notes.planId))
    .where(and(eq(notes.userId, userId), eq(notes.planId, planId), planVisibleTo(userId)));
}

/** One note of the writer's, on a plan they may still see; null for anyone else's. */
export async function findOwnNote(db: Database, userId: number, noteId: number) {
  const [row] = await db
    .select(noteColumns)
    .from(notes)
    .innerJoin(learningPlans, eq(learningPlans.id, notes.planId))
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId), planVisibleTo(userId)));
  return row ?? null;
}

export async function deleteOwnNote(db: Database, userId: number, noteId: number) {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}

/** Notes (`n`) matching `q` as /api/search reads a query: English stems or the words as written. */
const matching = (q: string | undefined) =>
  q === undefined
    ? sql`true`
    : sql`n.search_vector @@ (websearch_to_tsquery('english', ${q}::text)
        || websearch_to_tsquery('simple', ${q}::text))`;

export type ListedNoteRow = NoteRow & { topicTitle: string; resourceTitle: string | null };
export type NoteGroupRow = { plan: { id: number; title: string }; notes: ListedNoteRow[] };

/**
 * One page of the writer's notes grouped by plan (plans by their newest note change), with how many
 * plans have notes in all: one statement whatever the page holds. Plans the writer may no longer see
 * (made private, hidden by a moderator, or of a creator blocked either way or suspended since) are
 * left out, and come back when they may be seen again.
 */
export async function selectNoteGroups(db: Database, userId: number, q: string | undefined, window: Window) {
  const result = (await db.execute(sql`with mine as (
      select n.id, n.plan_id, n.topic_id, n.resource_id, n.content, n.created_at, n.updated_at,
        p.title as plan_title, t.title as topic_title, t.order_index as topic_order,
        r.title as resource_title, r.order_index as resource_order
      from ${notes} n
      join ${learningPlans} p on p.id = n.plan_id
      join ${planTopics} t on t.id = n.topic_id
      left join ${planResources} r on r.id = n.resource_id
      where n.user_id = ${userId} and ${planVisibleTo(userId, { plan: planColumnsOf('p') })}
        and ${matching(q)}
    ), groups as (
      select plan_id, plan_title, max(updated_at) as last_change from mine group by plan_id, plan_title
    ), page as (
      select * from groups order by last_change desc, plan_id desc
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select (select count(*) from groups)::int as total,
      coalesce((select json_agg(json_build_object(
          'plan', json_build_object('id', page.plan_id, 'title', page.plan_title),
          'notes', (select json_agg(json_build_object(
              'id', m.id, 'planId', m.plan_id, 'topicId', m.topic_id, 'resourceId', m.resource_id,
              'content', m.content, 'createdAt', m.created_at, 'updatedAt', m.updated_at,
              'topicTitle', m.topic_title, 'resourceTitle', m.resource_title)
            order by m.topic_order, m.topic_id, m.resource_order nulls first, m.resource_id nulls first)
            from mine m where m.plan_id = page.plan_id))
        order by page.last_change desc, page.plan_id desc) from page), '[]') as groups`)) as unknown as {
    rows: { total: number; groups: NoteGroupRow[] }[];
  };
  return result.rows[0]!;
}
