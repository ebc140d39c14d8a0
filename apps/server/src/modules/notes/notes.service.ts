import {
  NOTE_MESSAGES,
  type Note,
  type NotesQuery,
  PLAN_MESSAGES,
  type PlanNoteGroupPage,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { whenReferenceGone } from '../../lib/db-errors.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  deleteOwnNote,
  findNoteTarget,
  findOwnNote,
  type NoteRow,
  planVisible,
  selectNoteGroups,
  selectPlanNotes,
  upsertNote,
} from './notes.queries.js';

/** What a note is written on: a topic of a plan, or one of the topic's resources. */
export type NoteTarget = { planId: number; topicId: number; resourceId?: number | undefined };

const response = (row: NoteRow): Note => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/**
 * Private notes (docs/features.md, "Private notes"): every read and write is the viewer's own notes, on plans
 * they may see; anyone else's note is as good as missing (404), whatever its id.
 */
export function createNotesService(db: Database) {
  const missingNote = () => notFound(NOTE_MESSAGES.noteNotFound);

  return {
    /** Creates or replaces the viewer's note on a topic or resource of a plan they may see. */
    async write(viewer: Viewer, target: NoteTarget, content: string): Promise<Note> {
      const found = await findNoteTarget(db, viewer.id, target);
      if (!found) throw notFound(PLAN_MESSAGES.planNotFound);
      if (found.topicId === null) throw notFound(PLAN_MESSAGES.topicNotFound);
      const resourceGone = notFound(PLAN_MESSAGES.resourceNotFound);
      if (target.resourceId !== undefined && found.resourceId === null) throw resourceGone;
      const row = await upsertNote(db, {
        userId: viewer.id,
        planId: target.planId,
        topicId: target.topicId,
        resourceId: target.resourceId ?? null,
        content,
      }).catch(
        whenReferenceGone(
          target.resourceId === undefined ? notFound(PLAN_MESSAGES.topicNotFound) : resourceGone,
        ),
      );
      return response(row);
    },

    /** The viewer's notes on a plan they may see. */
    async onPlan(viewer: Viewer, planId: number): Promise<Note[]> {
      if (!(await planVisible(db, viewer.id, planId))) throw notFound(PLAN_MESSAGES.planNotFound);
      return (await selectPlanNotes(db, viewer.id, planId)).map(response);
    },

    async one(viewer: Viewer, noteId: number): Promise<Note> {
      const row = await findOwnNote(db, viewer.id, noteId);
      if (!row) throw missingNote();
      return response(row);
    },

    async remove(viewer: Viewer, noteId: number): Promise<void> {
      if (!(await deleteOwnNote(db, viewer.id, noteId))) throw missingNote();
    },

    /** "My notes": the viewer's notes grouped by plan, matching `q` when given; one statement. */
    async list(viewer: Viewer, query: NotesQuery): Promise<PlanNoteGroupPage> {
      const { total, groups } = await selectNoteGroups(db, viewer.id, query.q, pageWindow(query));
      const content = groups.map((group) => ({
        plan: group.plan,
        notes: group.notes.map((note) => ({
          ...response(note),
          topicTitle: note.topicTitle,
          resourceTitle: note.resourceTitle,
        })),
      }));
      return toPage(content, total, query);
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
