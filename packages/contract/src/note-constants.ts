/**
 * Private notes (docs/features.md, "Private notes"): limits and texts, zod-free for the pages that show them.
 */
export const NOTE_LIMITS = {
  contentMaxLength: 10_000,
  queryMaxLength: 200,
} as const;

export const NOTE_MESSAGES = {
  contentRequired: 'Write something before saving, or delete the note',
  contentTooLong: `A note must be at most ${NOTE_LIMITS.contentMaxLength} characters`,
  queryTooLong: `Search for at most ${NOTE_LIMITS.queryMaxLength} characters`,
  invalidNoteId: 'Invalid note ID',
  noteNotFound: 'Note not found',
  // Web texts.
  loadFailed: 'Could not load your notes',
  saveFailed: 'Could not save your note. Please try again.',
  deleteFailed: 'Could not delete your note. Please try again.',
  saved: 'Note saved',
  empty: 'Open a learning plan and use “Note” on a topic or resource to write one.',
  noMatches: 'No notes match your search.',
} as const;
