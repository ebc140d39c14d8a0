import { hashtagsIn, mentionedHandles } from '@pathwise/contract';

/**
 * What a query asks for beyond what PostgreSQL's websearch_to_tsquery reads from it (quoted phrases,
 * `-word` exclusions, `or`), mirroring its rules: a `-` starts an exclusion only at the start of a
 * word, a lone `or` joins alternatives, an unclosed quote runs to the end.
 */
export type SearchTerms = {
  /** The whole query, for websearch_to_tsquery. */
  text: string;
  /** The query ends in a plain word, which is also searched as a prefix ('typesc' finds TypeScript). */
  endsInWord: boolean;
  /** The query is one plain word, the beginning of the words it finds. */
  isOneWord: boolean;
  /** The words and phrases asked for, for the typo-tolerant comparison with people's names. */
  wanted: string;
  /** The excluded words and phrases as alternatives ('a or "b c"'); empty when none. */
  excluded: string;
  /** The `@handles` in the query, as mentions write them: their people come first. */
  handles: string[];
  /** The `#tags` in the query, stored names: posts and plans carrying one are found and come first. */
  tags: string[];
};

const TOKEN = /(-?)(?:"([^"]*)"?|([^\s"]+))/g;

export function readSearchTerms(text: string): SearchTerms {
  const wanted: string[] = [];
  const excluded: string[] = [];
  let endsInWord = false;
  let tokens = 0;
  for (const [, minus, phrase, word] of text.matchAll(TOKEN)) {
    const isOr = !minus && word?.toLowerCase() === 'or';
    endsInWord = word !== undefined && !minus && !isOr;
    tokens++;
    if (isOr) continue;
    const term = phrase === undefined ? word! : phrase;
    if (minus) excluded.push(phrase === undefined ? term : `"${term}"`);
    else wanted.push(term);
  }
  return {
    text,
    endsInWord,
    isOneWord: endsInWord && tokens === 1,
    wanted: wanted.join(' ').trim(),
    excluded: excluded.join(' or '),
    handles: mentionedHandles(text),
    tags: hashtagsIn(text),
  };
}
