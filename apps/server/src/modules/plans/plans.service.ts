import {
  type LearningPlan,
  type NewResource,
  type Page,
  type PageQuery,
  type ParsedPlanBody,
  PLAN_MESSAGES,
  type PlanResource,
  type TopicStatus,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { forgetPagesAfterCommit, type SharedPages } from '../../db/shared-pages.js';
import { VISITOR_ID } from '../../db/user-privacy.js';
import { notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import { responseText } from '../../lib/response-text.js';
import type { FileRemoval } from '../../lib/storage/file-removal.js';
import { perMediaAddress, type Viewer } from '../../lib/viewer.js';
import { requireOwnPlan, requireOwnTopic } from './plan-access.js';
import { applyPlanItems } from './plan-items.js';
import {
  type PlanCardRows,
  planCards,
  planCardsOf,
  planResponses,
  planResponsesOf,
} from './plan-responses.js';
import {
  deletePlan,
  insertPlan,
  insertResources,
  nextResourceOrderIndex,
  pagePlanIds,
  plansOf,
  preparePlanReads,
  selectPlanFileKeys,
  setPlanTags,
  updatePlan,
  userExists,
} from './plans.queries.js';

/**
 * Plan cards kept as a visitor sees them (a page kept for every viewer, Explore's): their rows, the
 * topics a viewer's progress is read on, the originals they were copied from (`originalIds`) and those
 * of them a visitor sees (`originals`).
 */
export type KeptCards = {
  ids: number[];
  plans: PlanCardRows[0];
  rows: PlanCardRows[1];
  topicIds: number[];
  originalIds: number[];
  originals: number[];
};

/** What a viewer's statement reads of kept plans: those they see as everyone does, with their uses now. */
export type SharedPlanState = {
  shown: [id: number, templateUseCount: number][];
  saved: number[];
  topics: [topicId: number, status: TopicStatus][];
  originals: number[];
};

type Dependencies = {
  db: Database;
  events: EventBus;
  removal: FileRemoval;
  /** Where the first page of public plans is kept built (PAGE_CACHE). */
  pages: SharedPages;
};

/** Whether two lists hold the same ids (each once). */
const sameIds = (some: number[], others: number[]) =>
  some.length === others.length && others.every((id) => some.includes(id));

function planColumns({ topics: _topics, tags: _tags, ...plan }: ParsedPlanBody) {
  return plan;
}

export function createPlansService({ db, events, removal, pages }: Dependencies) {
  const reads = preparePlanReads(db);

  /**
   * The first page of public plans as a visitor sees it, read in full, with its responses (built once
   * per media address): kept per process.
   */
  async function visitorsFirstPage(size: number) {
    const { ids, total } = await reads.publicPage(VISITOR_ID, { limit: size, offset: 0 });
    const [plans, items] = await reads.withIds(VISITOR_ID, ids);
    const visitorResponses = perMediaAddress((viewer) => planResponsesOf(viewer, ids, plans, items));
    return { ids, total, plans, items, visitorResponses };
  }

  /**
   * The first page of public plans from the page kept for every viewer and the viewer's own part (their
   * saves, progress, the originals they may see, the template uses, their total), kept until a change of
   * theirs or of the pages is heard: once kept, a read sends no statement. A copy, which changes the
   * uses, writes a plan, so every process forgets the page. Null when the kept page is not what they may
   * see (a creator they blocked or were blocked by, a plan hidden, made private or deleted since, an
   * original they see otherwise, a hidden plan of their own that belongs on it): the caller reads it in
   * full.
   */
  async function sharedPublicPage(viewer: Viewer, query: PageQuery): Promise<Page<LearningPlan> | null> {
    const shared = await pages.get(`plans-public:${query.size}`, () => visitorsFirstPage(query.size));
    const { ids, plans, items } = shared;
    const originals = plans.flatMap((plan) => plan.original?.id ?? []);
    const state = await pages.viewerPart(shared, viewer.id, () =>
      reads.sharedPublicState(viewer.id, {
        ids,
        lastId: ids.length === query.size ? ids.at(-1)! : 0,
        topicIds: [...new Set(items.map((item) => item.topicId))],
        resourceIds: items.flatMap((item) => item.resourceId ?? []),
        originalIds: plans.flatMap((plan) => plan.basedOnPlanId ?? []),
      }),
    );
    if (!state || state.ownHidden || state.shown.length !== ids.length) return null;
    if (!sameIds(state.originals, originals)) return null;
    const uses = new Map(state.shown);
    // Most viewers have nothing of their own on the page: they get the visitor's responses as they are.
    const own = state.saved.length > 0 || state.topics.length > 0 || state.completed.length > 0;
    if (!own && plans.every((plan) => uses.get(plan.id) === plan.templateUseCount))
      return toPage([...shared.visitorResponses(viewer)], state.total, query);
    const saved = new Set(state.saved);
    const statuses = new Map(state.topics);
    const completed = new Map(state.completed);
    const viewersPlans = plans.map((plan) => ({
      ...plan,
      isSaved: saved.has(plan.id),
      templateUseCount: uses.get(plan.id) ?? plan.templateUseCount,
    }));
    const viewersItems = items.map((item) => {
      const completedAt = item.resourceId === null ? undefined : completed.get(item.resourceId);
      return {
        ...item,
        status: statuses.get(item.topicId) ?? null,
        completedAt: completedAt ? new Date(completedAt) : null,
      };
    });
    return toPage(planResponsesOf(viewer, ids, viewersPlans, viewersItems), state.total, query);
  }

  /** A plan as the viewer sees it, or the 404 a private plan of someone else gets. */
  async function planFor(viewer: Viewer, planId: number): Promise<LearningPlan> {
    const [plan] = await planResponses(reads, viewer, [planId]);
    if (!plan) throw notFound(PLAN_MESSAGES.planNotFound);
    return plan;
  }

  async function pageOf(viewer: Viewer, { ids, total }: { ids: number[]; total: number }, query: PageQuery) {
    return toPage(await planResponses(reads, viewer, ids), total, query);
  }

  return {
    planFor,

    /**
     * Plan responses for other features (search, analytics): the plans `ids` the viewer may see, with the
     * viewer's progress, in the order given, in a constant number of SQL statements.
     */
    plansFor: (viewer: Viewer, ids: number[]) => planResponses(reads, viewer, ids),
    /** The same plans as their cards show them: topics' titles only (Explore's sections). */
    planCardsFor: (viewer: Viewer, ids: number[]) => planCards(reads, viewer, ids),

    /** The cards of the plans `ids` as a visitor sees them, for a page kept for every viewer. */
    async visitorCards(ids: number[]): Promise<KeptCards> {
      const [plans, rows] = ids.length === 0 ? [[], []] : await reads.cardsWithIds(VISITOR_ID, ids);
      return {
        ids,
        plans,
        rows,
        topicIds: rows.map((row) => row.topicId),
        originalIds: plans.flatMap((plan) => plan.basedOnPlanId ?? []),
        originals: plans.flatMap((plan) => plan.original?.id ?? []),
      };
    },

    /**
     * The kept cards `ids` for `viewer`, with their saves, progress and the template uses of now; null
     * when the viewer sees an original otherwise than a visitor does (their own private plan, a creator
     * they blocked): the caller reads them in full.
     */
    cardsWithState(viewer: Viewer, ids: number[], kept: KeptCards, state: SharedPlanState) {
      if (!sameIds(state.originals, kept.originals)) return null;
      const uses = new Map(state.shown);
      const saved = new Set(state.saved);
      const statuses = new Map(state.topics);
      const plans = kept.plans.map((plan) => ({
        ...plan,
        isSaved: saved.has(plan.id),
        templateUseCount: uses.get(plan.id) ?? plan.templateUseCount,
      }));
      const rows = kept.rows.map((row) => ({ ...row, status: statuses.get(row.topicId) ?? null }));
      return planCardsOf(viewer, ids, plans, rows);
    },

    /** Every public plan, newest first. */
    async publicPlans(viewer: Viewer, query: PageQuery): Promise<Page<LearningPlan>> {
      const fromShared = pages.enabled && query.page === 0 ? await sharedPublicPage(viewer, query) : null;
      return fromShared ?? pageOf(viewer, await reads.publicPage(viewer.id, pageWindow(query)), query);
    },

    /** Every public plan, most used as a template first. */
    popularPlans: async (viewer: Viewer, query: PageQuery): Promise<Page<LearningPlan>> =>
      pageOf(viewer, await reads.popularPage(viewer.id, pageWindow(query)), query),

    /**
     * A user's plans, newest first: all of them for the user, the public ones for everyone else (none when
     * blocked either way).
     */
    async userPlans(viewer: Viewer, userId: number, query: PageQuery): Promise<Page<LearningPlan>> {
      if (!(await userExists(db, userId))) throw notFound(PLAN_MESSAGES.userNotFound);
      return pageOf(viewer, await pagePlanIds(db, plansOf(userId, viewer.id), pageWindow(query)), query);
    },

    /** `takeDraft` removes the draft being published (modules/drafts) in the creating transaction. */
    async create(
      viewer: Viewer,
      body: ParsedPlanBody,
      takeDraft?: (tx: Database) => Promise<void>,
    ): Promise<LearningPlan> {
      const planId = await db.transaction(async (tx) => {
        await takeDraft?.(tx);
        const id = await insertPlan(tx, { ...planColumns(body), creatorId: viewer.id });
        await forgetPagesAfterCommit(tx);
        if (body.tags?.length) await setPlanTags(tx, id, body.tags);
        // A new plan has no items yet: ids a client sends along name nothing of it.
        await applyPlanItems(
          tx,
          id,
          body.topics.map((topic) => ({
            ...topic,
            id: null,
            resources: topic.resources.map((resource) => ({ ...resource, id: null })),
          })),
        );
        if (body.isPublic)
          await events.publish(tx, {
            type: 'plan.published',
            actorId: viewer.id,
            planId: id,
            title: body.title,
          });
        return id;
      });
      return planFor(viewer, planId);
    },

    /**
     * Applies the whole body; progress on the topics and resources it keeps survives. `takeDraft` removes
     * the draft of these changes being published (modules/drafts) in the same transaction.
     */
    async update(
      viewer: Viewer,
      planId: number,
      body: ParsedPlanBody,
      takeDraft?: (tx: Database) => Promise<void>,
    ): Promise<LearningPlan> {
      const unusedFiles = await db.transaction(async (tx) => {
        const plan = await requireOwnPlan(tx, viewer, planId);
        await takeDraft?.(tx);
        await updatePlan(tx, planId, planColumns(body));
        await forgetPagesAfterCommit(tx);
        if (body.tags) await setPlanTags(tx, planId, body.tags);
        const unused = await applyPlanItems(tx, planId, body.topics);
        if (body.isPublic && !plan.isPublic)
          await events.publish(tx, { type: 'plan.published', actorId: viewer.id, planId, title: body.title });
        await events.publish(tx, {
          type: 'plan.updated',
          actorId: viewer.id,
          planId,
          wasPublic: plan.isPublic,
        });
        return unused;
      });
      await removal.removeUnreferenced(unusedFiles);
      return planFor(viewer, planId);
    },

    /**
     * Removes the plan and everything that depends on it: items, progress, activities, notifications, files.
     */
    async remove(viewer: Viewer, planId: number): Promise<void> {
      const files = await db.transaction(async (tx) => {
        await requireOwnPlan(tx, viewer, planId, PLAN_MESSAGES.cannotDelete);
        const keys = await selectPlanFileKeys(tx, planId);
        await events.publish(tx, { type: 'plan.deleted', actorId: viewer.id, planId });
        await deletePlan(tx, planId);
        await forgetPagesAfterCommit(tx);
        return keys;
      });
      await removal.removeUnreferenced(files);
    },

    /** Adds a resource after the topic's last one. */
    async addResource(
      viewer: Viewer,
      planId: number,
      topicId: number,
      resource: NewResource,
    ): Promise<PlanResource> {
      return db.transaction(async (tx) => {
        await requireOwnPlan(tx, viewer, planId);
        await requireOwnTopic(tx, viewer, planId, topicId);
        const orderIndex = await nextResourceOrderIndex(tx, topicId);
        const columns = {
          title: resource.title,
          url: resource.url,
          type: resource.type,
          description: resource.description,
          durationMinutes: resource.durationMinutes,
          orderIndex,
        };
        const [id] = await insertResources(tx, [{ ...columns, topicId }]);
        await updatePlan(tx, planId, {});
        return {
          id: id!,
          ...columns,
          url: responseText(columns.url),
          description: responseText(columns.description),
          isCompleted: false,
        };
      });
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
