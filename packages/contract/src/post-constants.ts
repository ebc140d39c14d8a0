/**
 * How long a post takes to read (docs/features.md, "Reading time"): its words at an adult's silent
 * reading pace, rounded up, at least a minute. Cards and the post page show it from `shownFromMinutes`
 * on: about three short paragraphs, below which a reader sees the whole length at a glance.
 */
export const READING_TIME = { wordsPerMinute: 230, shownFromMinutes: 2 } as const;

/** What the "edited" mark and the versions dialog say (docs/features.md, "Edit history"). */
export const EDIT_HISTORY_TEXTS = {
  edited: 'edited',
  dialogTitle: 'Edit history',
  original: 'Original',
  mediaChanged: 'Media changed',
  loadFailed: 'Failed to load the edit history.',
  readingTime: (minutes: number) => `${minutes} min read`,
} as const;

/**
 * The `user` of a comment deleted while it had replies (docs/api.md): the spec's user shape kept whole,
 * so clients reading `comment.user.name` still work, but nobody's: id 0 (no account has it), no picture.
 * Such a comment also says `deleted: true`.
 */
export const DELETED_COMMENT_USER = { id: 0, name: 'Deleted', profilePicture: null } as const;
