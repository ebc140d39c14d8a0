/**
 * Mentions: `@handle` in a post (title or content) or a comment notifies that user. A handle is 3 to 30
 * lowercase letters, digits or underscores, unique, made from the name at sign-up ('Ann Lee' → annlee,
 * then annlee2…). Typed mentions match case-insensitively (`@AnnLee` is annlee). An `@` glued to a
 * letter, digit or underscore before it (an e-mail address such as ann@example.com) is not a mention,
 * and neither is a run of more than 30 handle characters.
 *
 * `@name@server` names someone on another server (Mastodon's shape: a name that may have dots and dashes
 * inside, a host, here also a port), never the person here called `name`. With federation, a public post
 * or comment mentioning them is delivered to them (docs/federation.md).
 */
export const HANDLE_LENGTH = { min: 3, max: 30 } as const;

/** People elsewhere looked up and told per post or comment: the rest of its `@name@server` stay text. */
export const REMOTE_MENTIONS_MAX = 10;

const REMOTE_NAME = '[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9_])?';
const HOST = '[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::\\d{1,5})?';
const MENTION = new RegExp(
  `(?<![\\p{L}\\p{N}_@])@(?:(${REMOTE_NAME})@(${HOST})|([A-Za-z0-9_]{3,30}))(?![A-Za-z0-9_@])`,
  'gu',
);

type Part = { text: string; handle?: string; account?: string };

/** A mention's part: a local `handle` or a remote `account` (`@name@server`), lowercased. */
function partOf(match: RegExpMatchArray): Part {
  const [text, name, host, handle] = match;
  return handle !== undefined
    ? { text, handle: handle.toLowerCase() }
    : { text, account: `@${name}@${host}`.toLowerCase() };
}

function distinct(texts: string[], of: (part: Part) => string | undefined) {
  const found = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(MENTION)) {
      const value = of(partOf(match));
      if (value !== undefined) found.add(value);
    }
  return [...found];
}

/** The handles mentioned in `texts`, lowercased, each once, in order of first appearance. */
export const mentionedHandles = (...texts: string[]): string[] => distinct(texts, (part) => part.handle);

/** The people elsewhere (`@name@server`, lowercased) mentioned in `texts`, each once, the first few. */
export const mentionedAccounts = (...texts: string[]): string[] =>
  distinct(texts, (part) => part.account).slice(0, REMOTE_MENTIONS_MAX);

/**
 * `text` cut into its runs of plain text and its mentions (`handle` or `account` lowercased, `text` as
 * typed).
 */
export function splitMentions(text: string): Part[] {
  const parts: Part[] = [];
  let end = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > end) parts.push({ text: text.slice(end, match.index) });
    parts.push(partOf(match));
    end = match.index + match[0].length;
  }
  if (end < text.length) parts.push({ text: text.slice(end) });
  return parts;
}
