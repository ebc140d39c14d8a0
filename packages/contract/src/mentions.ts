/**
 * Mentions: `@handle` in a post (title or content) or a comment notifies that user. A handle is 3 to 30
 * lowercase letters, digits or underscores, unique, made from the name at sign-up ('Ann Lee' → annlee,
 * then annlee2…). Typed mentions match case-insensitively (`@AnnLee` is annlee). An `@` glued to a
 * letter, digit or underscore before it (an e-mail address such as ann@example.com) is not a mention,
 * and neither is a run of more than 30 handle characters.
 */
export const HANDLE_LENGTH = { min: 3, max: 30 } as const;

const MENTION = /(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/gu;

/** The handles mentioned in `texts`, lowercased, each once, in order of first appearance. */
export function mentionedHandles(...texts: string[]): string[] {
  const handles = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(MENTION)) handles.add(match[1]!.toLowerCase());
  }
  return [...handles];
}

/** `text` cut into its runs of plain text and its mentions (`handle` lowercased, `text` as typed). */
export function splitMentions(text: string): Array<{ text: string; handle?: string }> {
  const parts: Array<{ text: string; handle?: string }> = [];
  let end = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > end) parts.push({ text: text.slice(end, match.index) });
    parts.push({ text: match[0], handle: match[1]!.toLowerCase() });
    end = match.index + match[0].length;
  }
  if (end < text.length) parts.push({ text: text.slice(end) });
  return parts;
}
