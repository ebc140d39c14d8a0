import { describe, expect, it } from 'vitest';
import { mentionedAccounts, mentionedHandles, REMOTE_MENTIONS_MAX, splitMentions } from '../src/mentions.js';

describe('mentionedHandles', () => {
  it('finds @handles anywhere in the text, lowercased, each once, in order', () => {
    expect(mentionedHandles('@bob_s thanks, @Ann_Lee! And again @BOB_S.')).toEqual(['bob_s', 'ann_lee']);
  });

  it('reads every text given (a title and a content) as one', () => {
    expect(mentionedHandles('With @ann', 'and @cat, @ann')).toEqual(['ann', 'cat']);
  });

  it('accepts a mention after punctuation or a line break, and stops at punctuation', () => {
    expect(mentionedHandles('(@ann) "@bob", @cat.\n@dan:')).toEqual(['ann', 'bob', 'cat', 'dan']);
  });

  it('ignores e-mail addresses and @ glued to a word', () => {
    expect(mentionedHandles('write to ann@example.com or bob_@cat or éé@dan')).toEqual([]);
  });

  it('ignores handles shorter than 3 or longer than 30 characters', () => {
    expect(mentionedHandles(`@ab @${'a'.repeat(31)} @${'b'.repeat(30)}`)).toEqual(['b'.repeat(30)]);
  });

  it('ignores a doubled @ and a lone @', () => {
    expect(mentionedHandles('@@ann @ bob @')).toEqual([]);
  });

  it('finds nothing in text without mentions', () => {
    expect(mentionedHandles('', 'no mentions here')).toEqual([]);
  });
});

describe('mentionedAccounts', () => {
  it('finds @name@server, lowercased, once each, and leaves them out of the handles here', () => {
    const text = 'Ask @Mallory@Social.Example, @first.last@mastodon.social. And @mallory@social.example @ann';
    expect(mentionedAccounts(text)).toEqual(['@mallory@social.example', '@first.last@mastodon.social']);
    expect(mentionedHandles(text)).toEqual(['ann']);
  });

  it('takes a port, and not an e-mail address, a trailing @ or a third @', () => {
    expect(mentionedAccounts('@eve@127.0.0.1:8080: hi, ann@example.com, @ann@, @a@b@c')).toEqual([
      '@eve@127.0.0.1:8080',
    ]);
    expect(mentionedHandles('@ann@ @ann@b@c')).toEqual([]);
  });

  it(`keeps the first ${REMOTE_MENTIONS_MAX}`, () => {
    const many = Array.from({ length: REMOTE_MENTIONS_MAX + 2 }, (_, i) => `@p${i}@x.example`).join(' ');
    expect(mentionedAccounts(many)).toHaveLength(REMOTE_MENTIONS_MAX);
  });
});

describe('splitMentions', () => {
  it('gives a mention of someone elsewhere as its account', () => {
    expect(splitMentions('Hi @Eve@Social.Example!')).toEqual([
      { text: 'Hi ' },
      { text: '@Eve@Social.Example', account: '@eve@social.example' },
      { text: '!' },
    ]);
  });

  it('cuts text into plain runs and the mentions mentionedHandles finds, losing nothing', () => {
    const text = 'Hi @AnnLee, mail ann@example.com or @ab; @bob_s';
    const parts = splitMentions(text);

    expect(parts).toEqual([
      { text: 'Hi ' },
      { text: '@AnnLee', handle: 'annlee' },
      { text: ', mail ann@example.com or @ab; ' },
      { text: '@bob_s', handle: 'bob_s' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.flatMap((part) => part.handle ?? [])).toEqual(mentionedHandles(text));
  });

  it('gives text without mentions back whole, and nothing for empty text', () => {
    expect(splitMentions('no mentions here')).toEqual([{ text: 'no mentions here' }]);
    expect(splitMentions('')).toEqual([]);
  });
});
