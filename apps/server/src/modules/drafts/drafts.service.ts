import {
  DRAFT_MESSAGES,
  type Draft,
  type DraftInput,
  type DraftPage,
  type PageQuery,
  type PublishedDraft,
  planBody,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import { parseInput } from '../../lib/parse-input.js';
import type { IncomingUpload } from '../../lib/uploads/upload.js';
import type { Viewer } from '../../lib/viewer.js';
import { type PlansService, requireOwnPlan } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import {
  type DraftRow,
  deleteOwnDraft,
  findOwnDraft,
  findOwnPlanDraft,
  insertDraft,
  selectDraftPage,
  updateOwnDraft,
} from './drafts.queries.js';

const response = (row: DraftRow): Draft =>
  ({
    id: row.id,
    kind: row.kind,
    ...(row.kind === 'PLAN' && { planId: row.planId }),
    fields: row.fields,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }) as Draft;

type DraftsDependencies = { db: Database; posts: PostsService; plans: PlansService };

/**
 * Drafts (docs/features.md, "Drafts"): every read and write is the viewer's own drafts; anyone else's is
 * as good as missing (404), whatever its id. Drafts publish no event: nothing counts, lists or notifies
 * them until they are published as a post or plan. A draft of changes to a plan is its writer's too,
 * and goes with the plan.
 */
export function createDraftsService({ db, posts, plans }: DraftsDependencies) {
  const missing = () => notFound(DRAFT_MESSAGES.draftNotFound);

  /** Removes the draft in the publishing transaction; a second publication racing the first finds none. */
  const taking = (viewer: Viewer, id: number) => async (tx: Database) => {
    if (!(await deleteOwnDraft(tx, viewer.id, id))) throw missing();
  };

  return {
    /**
     * A draft of changes to a plan needs the plan to be the viewer's (404 when they may not see it, 403
     * when it is someone else's); the plan stays locked until the draft is written, so a deletion of the
     * plan cannot slip in between.
     */
    async create(viewer: Viewer, input: DraftInput): Promise<Draft> {
      const planId = input.kind === 'PLAN' ? input.planId : undefined;
      const row =
        planId === undefined
          ? await insertDraft(db, viewer.id, input)
          : await db.transaction(async (tx) => {
              await requireOwnPlan(tx, viewer, planId);
              return insertDraft(tx, viewer.id, input);
            });
      if (!row) throw conflict(DRAFT_MESSAGES.tooMany);
      return response(row);
    },

    async list(viewer: Viewer, query: PageQuery): Promise<DraftPage> {
      const { total, drafts } = await selectDraftPage(db, viewer.id, pageWindow(query));
      const content = drafts.map((draft) => ({
        ...draft,
        updatedAt: new Date(draft.updatedAt).toISOString(),
      }));
      return toPage(content, total, query);
    },

    async one(viewer: Viewer, id: number): Promise<Draft> {
      const row = await findOwnDraft(db, viewer.id, id);
      if (!row) throw missing();
      return response(row);
    },

    /** The viewer's draft of changes to that plan; 404 when they have none. */
    async ofPlan(viewer: Viewer, planId: number): Promise<Draft> {
      const row = await findOwnPlanDraft(db, viewer.id, planId);
      if (!row) throw missing();
      return response(row);
    },

    async update(viewer: Viewer, id: number, input: DraftInput): Promise<Draft> {
      const row = await updateOwnDraft(db, viewer.id, id, input);
      if (row) return response(row);
      const existing = await findOwnDraft(db, viewer.id, id);
      if (!existing) throw missing();
      throw badRequest(
        existing.kind === input.kind ? DRAFT_MESSAGES.planChanged : DRAFT_MESSAGES.kindChanged,
      );
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      if (!(await deleteOwnDraft(db, viewer.id, id))) throw missing();
    },

    /**
     * Publishes the draft as a post (with the request's files) or a plan, under the full rules of either,
     * and removes the draft in the same transaction.
     */
    async publish(viewer: Viewer, id: number, upload: IncomingUpload): Promise<PublishedDraft> {
      // Refuse strangers before reading any file.
      const row = await findOwnDraft(db, viewer.id, id);
      if (!row) throw missing();
      const fields = row.fields as object;
      if (row.kind === 'POST') {
        const post = await posts.create(viewer, upload, { fields, take: taking(viewer, id) });
        return { kind: 'POST', id: post.id };
      }
      const body = parseInput(planBody, fields);
      // Changes to a plan are saved to it, under the same rules as the plan editor's own save.
      const plan = row.planId
        ? await plans.update(viewer, row.planId, body, taking(viewer, id))
        : await plans.create(viewer, body, taking(viewer, id));
      return { kind: 'PLAN', id: plan.id };
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;
