/**
 * Tags on posts and learning plans (docs/features.md, "Tags"), zod-free: post and plan cards show them
 * on the first page people see, and the editors check them as they are typed.
 */
export const TAG_LIMITS = {
  perItem: 4,
  minLength: 2,
  maxLength: 30,
  /** How many names the editor's suggestions offer at once. */
  suggestions: 8,
} as const;

/** A stored tag: lowercase letters, digits and hyphens. */
export const TAG_PATTERN = /^[a-z0-9-]{2,30}$/;

export const TAG_MESSAGES = {
  invalid:
    `A tag is ${TAG_LIMITS.minLength} to ${TAG_LIMITS.maxLength} letters, digits or hyphens, ` +
    'like #typescript.',
  tooMany: `A post or plan has at most ${TAG_LIMITS.perItem} tags.`,
  notList: 'tags must be a list of tags, like ["typescript"].',
  invalidPrefix: 'Type the beginning of a tag: letters, digits or hyphens.',
  loadFailed: 'Could not load this tag.',
  followFailed: 'Could not update the tags you follow.',
} as const;

/**
 * A tag as it is stored, from what a person typed: surrounding spaces and one leading `#` go, letters are
 * lowercased. The result may still break `TAG_PATTERN` (the caller says so).
 */
export const normalizeTag = (typed: string): string => typed.trim().replace(/^#/, '').toLowerCase();

/** Whether `typed`, once normalised, is a tag that can be stored. */
export const isValidTag = (typed: string): boolean => TAG_PATTERN.test(normalizeTag(typed));

const HASHTAG = /(?<![\p{L}\p{N}_#&/-])#([A-Za-z0-9-]{2,30})(?![A-Za-z0-9_-])/gu;

/** The `#tags` written in `text` (a search query), lowercased, each once, in order of first appearance. */
export function hashtagsIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(HASHTAG), (match) => match[1]!.toLowerCase()))];
}
