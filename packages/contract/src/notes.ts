import { z } from 'zod';
import { isoDateTime, page, pageQuery, pathId, text } from './common.js';
import { NOTE_LIMITS, NOTE_MESSAGES } from './note-constants.js';

/**
 * Private notes (docs/features.md, "Private notes"): Markdown on a topic or a resource, seen by their writer
 * only.
 */
export const note = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  topicId: z.number().int(),
  /** Null for a note on the topic itself. */
  resourceId: z.number().int().nullable(),
  /** Markdown, as written. */
  content: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Note = z.infer<typeof note>;

/** The viewer's notes on one plan, in no particular order. */
export const planNotes = z.array(note);

/** Body of the PUTs that write the viewer's note on a topic or resource (created or replaced). */
export const noteBody = z.object({
  content: text({ error: NOTE_MESSAGES.contentRequired })
    .refine((content) => content.trim().length > 0, { error: NOTE_MESSAGES.contentRequired, abort: true })
    .refine((content) => content.length <= NOTE_LIMITS.contentMaxLength, {
      error: NOTE_MESSAGES.contentTooLong,
    }),
});
export type NoteBody = z.infer<typeof noteBody>;

export const noteParams = z.object({
  noteId: pathId({ invalid: NOTE_MESSAGES.invalidNoteId, notFound: NOTE_MESSAGES.noteNotFound }),
});

/**
 * `GET /api/notes?q&page&size`: `q` keeps the notes whose words match (full-text, as /api/search reads a
 * query).
 */
export const notesQuery = pageQuery().extend({
  q: text()
    .trim()
    .max(NOTE_LIMITS.queryMaxLength, { error: NOTE_MESSAGES.queryTooLong })
    .optional()
    .transform((q) => q || undefined),
});
export type NotesQuery = z.output<typeof notesQuery>;

/** A note on the "My notes" page, with what it is on. */
export const listedNote = note.extend({
  topicTitle: z.string(),
  /** Null for a note on the topic itself. */
  resourceTitle: z.string().nullable(),
});
export type ListedNote = z.infer<typeof listedNote>;

/** One plan's notes on the "My notes" page, in the plan's order of topics and resources. */
export const planNoteGroup = z.object({
  plan: z.object({ id: z.number().int(), title: z.string() }),
  notes: z.array(listedNote),
});
export type PlanNoteGroup = z.infer<typeof planNoteGroup>;

/** Plans by the newest change to one of their notes. */
export const planNoteGroupPage = page(planNoteGroup);
export type PlanNoteGroupPage = z.infer<typeof planNoteGroupPage>;
