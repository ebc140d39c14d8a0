/**
 * Drafts (docs/features.md, "Drafts"): limits and texts, zod-free for the pages that show them.
 */
export const DRAFT_LIMITS = {
  /** Drafts one person may keep; publishing or deleting one makes room. */
  perPerson: 100,
  /** The size of a draft's fields as JSON, in characters (a plan's topics and resources included). */
  fieldsMaxLength: 100_000,
  /** Characters of a draft's text shown on the Drafts page when it has no title yet. */
  excerptLength: 120,
  /** How long the editor waits after the last change before saving, in milliseconds. */
  saveDelayMs: 1_000,
} as const;

export const DRAFT_MESSAGES = {
  invalidDraftId: 'Invalid draft ID',
  draftNotFound: 'Draft not found',
  tooMany: `You have ${DRAFT_LIMITS.perPerson} drafts: publish or delete some before starting another.`,
  tooLarge: `A draft must be at most ${DRAFT_LIMITS.fieldsMaxLength} characters of text.`,
  kindChanged: 'A draft stays the kind it was made as (post or plan).',
  planChanged: 'A draft of changes to a plan stays the draft of that plan.',
  invalidPlanId: 'planId must be the id of one of your learning plans',
  fieldsRequired: 'fields must be an object of the draft’s fields, like {"title": "…"}.',
  // Web texts.
  loadFailed: 'Could not load your drafts',
  saveFailed: 'Could not save your draft. Your text is still here; it will be saved on your next change.',
  deleteFailed: 'Could not delete the draft. Please try again.',
  saving: 'Saving draft…',
  saved: 'Draft saved',
  leaveWarning: 'Your latest changes are not saved yet. Leave anyway?',
  empty: 'Nothing here yet. What you write in the post or plan editor is kept here until you publish it.',
  untitled: 'Untitled draft',
  restoredEdit: 'Your changes not saved yet are back. Update the plan to keep them.',
  discardEdit: 'Discard changes',
  planEdit: 'Changes to a learning plan',
} as const;
