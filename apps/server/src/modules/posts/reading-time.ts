import { READING_TIME } from '@pathwise/contract';

/** Fence lines, reference-link definitions and the targets of links and images: read by no one. */
const UNREAD = [
  /^[ \t]{0,3}(`{3,}|~{3,}).*$/gm,
  /^[ \t]{0,3}\[[^\]\n]+\]:.*$/gm,
  /\]\([^)\n]*\)/g,
  /<[^>\n]*>/g,
];
/** A word: a run of non-space characters with at least one letter or digit (not `-`, `#` or `>`). */
const WORD = /[^\s]*[\p{L}\p{N}][^\s]*/gu;

/**
 * Minutes the Markdown's plain text takes to read at `READING_TIME.wordsPerMinute`, rounded up, at
 * least one. Code inside fences counts (it is read, slowly); the syntax around words does not.
 */
export function readingMinutes(markdown: string): number {
  const plain = UNREAD.reduce((text, pattern) => text.replace(pattern, ' '), markdown);
  const words = plain.match(WORD)?.length ?? 0;
  return Math.max(1, Math.ceil(words / READING_TIME.wordsPerMinute));
}
