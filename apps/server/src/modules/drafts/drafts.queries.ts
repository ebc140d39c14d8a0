import { DRAFT_LIMITS, type DraftKind } from '@pathwise/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { drafts } from '../../db/schema/index.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

const draftColumns = {
  id: drafts.id,
  kind: drafts.kind,
  planId: drafts.planId,
  fields: drafts.fields,
  createdAt: drafts.createdAt,
  updatedAt: drafts.updatedAt,
};
export type DraftRow = {
  id: number;
  kind: DraftKind;
  planId: number | null;
  fields: unknown;
  createdAt: Date;
  updatedAt: Date;
};
type DraftWrite = { kind: DraftKind; planId?: number; fields: object };

/**
 * Creates a draft unless the writer has the most they may keep: one statement, so the check and the
 * insert see the same rows. A draft of changes to a plan that already has one replaces its fields
 * instead, whatever the count. Null when refused.
 */
export async function insertDraft(db: Database, userId: number, draft: DraftWrite): Promise<DraftRow | null> {
  const planId = draft.planId ?? null;
  const result = (await db.execute(sql`insert into ${drafts} (user_id, kind, plan_id, fields)
    select ${userId}, ${draft.kind}, ${planId}::int, ${JSON.stringify(draft.fields)}::jsonb
    where (select count(*) from ${drafts} where user_id = ${userId}) < ${DRAFT_LIMITS.perPerson}
      or exists (select 1 from ${drafts} where plan_id = ${planId}::int and user_id = ${userId})
    on conflict (plan_id, user_id) do update set fields = excluded.fields, updated_at = now()
    returning id, kind, plan_id as "planId", fields, created_at as "createdAt",
      updated_at as "updatedAt"`)) as unknown as { rows: DraftRow[] };
  return result.rows[0] ?? null;
}

/** The writer's draft of changes to that plan, through `drafts_plan_user_idx`. */
export async function findOwnPlanDraft(db: Database, userId: number, planId: number) {
  const [row] = await db
    .select(draftColumns)
    .from(drafts)
    .where(and(eq(drafts.planId, planId), eq(drafts.userId, userId)));
  return row ?? null;
}

export async function findOwnDraft(db: Database, userId: number, id: number): Promise<DraftRow | null> {
  const [row] = await db
    .select(draftColumns)
    .from(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
  return row ?? null;
}

/**
 * Replaces the fields of the writer's draft of that kind (and of that plan, when `planId` names one);
 * null when there is none.
 */
export async function updateOwnDraft(
  db: Database,
  userId: number,
  id: number,
  draft: DraftWrite,
): Promise<DraftRow | null> {
  const samePlan = draft.planId === undefined ? undefined : eq(drafts.planId, draft.planId);
  const [row] = await db
    .update(drafts)
    .set({ fields: draft.fields, updatedAt: sql`now()` })
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId), eq(drafts.kind, draft.kind), samePlan))
    .returning(draftColumns);
  return row ?? null;
}

export async function deleteOwnDraft(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
    .returning({ id: drafts.id });
  return rows.length > 0;
}

export type ListedDraftRow = {
  id: number;
  kind: DraftKind;
  planId: number | null;
  title: string;
  excerpt: string;
  updatedAt: string;
};

/**
 * One page of the writer's drafts, newest change first, with how many they have: one statement whatever
 * the page holds (read through `drafts_user_updated_at_idx`). The excerpt is the start of the post's
 * content or the plan's description.
 */
export async function selectDraftPage(db: Database, userId: number, window: Window) {
  const result = (await db.execute(sql`with page as (
      select id, kind, plan_id, coalesce(fields->>'title', '') as title,
        left(coalesce(fields->>'content', fields->>'description', ''), ${DRAFT_LIMITS.excerptLength})
          as excerpt,
        updated_at
      from ${drafts} where user_id = ${userId}
      order by updated_at desc, id desc
      limit ${literalLimit(window.limit)} offset ${window.offset}
    )
    select (select count(*) from ${drafts} where user_id = ${userId})::int as total,
      coalesce((
        select json_agg(json_build_object('id', id, 'kind', kind, 'planId', plan_id, 'title', title,
          'excerpt', excerpt, 'updatedAt', updated_at) order by updated_at desc, id desc)
        from page), '[]') as drafts`)) as unknown as {
    rows: { total: number; drafts: ListedDraftRow[] }[];
  };
  return result.rows[0]!;
}
