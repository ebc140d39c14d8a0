import { SEARCH_LIMITS, SEARCH_MESSAGES, type SearchResult, type UserSearchItem } from '@pathwise/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  prepareSearch,
  RECENT_POSTS_CHECKED,
  rankGroups,
  rankInput,
  rankPlans,
  rankPosts,
  rankUsers,
} from '../src/modules/search/search.queries.js';
import { readSearchTerms } from '../src/modules/search/search-terms.js';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { startGroup } from './helpers/groups.js';
import { createPlan, getPlan, setTopicStatus } from './helpers/plans.js';
import { createPost, filePart, postPart, sendPost, validPost } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann Lee' });
  bob = await signUp(t, { name: 'Bob Stone' });
});
afterAll(() => t.close());

const searchAs = (token: string | null, query: string | null, extra = '') =>
  t.app.inject({
    url: `/api/search?${query === null ? '' : `query=${encodeURIComponent(query)}`}${extra}`,
    headers: token ? bearer(token) : {},
  });

async function search(query: string, token = ann.token, extra = ''): Promise<SearchResult> {
  const res = await searchAs(token, query, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (page: { content: { id: number }[] }) => page.content.map((item) => item.id);
const totals = (result: SearchResult) => [
  result.users.totalElements,
  result.posts.totalElements,
  result.learningPlans.totalElements,
  result.groups.totalElements,
];

async function followAs(follower: TestAccount, followed: TestAccount) {
  const url = `/api/users/${followed.user.id}/follow`;
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(follower.token) });
  expect(res.statusCode, res.body).toBe(200);
}

async function setBio(account: TestAccount, bio: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${account.user.id}`,
    headers: bearer(account.token),
    payload: { name: account.user.name, email: account.user.email, bio },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/search', () => {
  it('answers users, posts and plans as their own lists do, with the viewer likes and progress', async () => {
    const quill = await signUp(t, { name: 'Quillon Marsh' });
    await setBio(quill, 'Writes about quillon guards');
    const post = await createPost(t, quill.token, { title: 'Quillon sharpening', content: 'Steel.' }, [
      filePart('small.png'),
    ]);
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: bearer(ann.token) });
    const plan = await createPlan(t, quill.token, { title: 'Quillon making', description: 'Forge work.' });
    await setTopicStatus(t, ann.token, plan, plan.topics[0]!.id, 'COMPLETED');
    await followAs(ann, quill);

    const result = await search('quillon');

    expect(result.users.content).toEqual([
      {
        id: quill.user.id,
        name: 'Quillon Marsh',
        handle: quill.user.handle,
        email: null,
        bio: 'Writes about quillon guards',
        profilePicture: null,
        isCurrentUserFollowing: true,
      },
    ]);
    const postAsListed = (
      await t.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(ann.token) })
    ).json();
    expect(result.posts.content).toEqual([postAsListed]);
    expect(result.posts.content[0]).toMatchObject({ likesCount: 1, isLikedByCurrentUser: true });
    expect(result.learningPlans.content).toEqual([await getPlan(t, ann.token, plan.id)]);
    expect(result.learningPlans.content[0]).toMatchObject({ completedTopics: 1, completionPercentage: 50 });
    for (const group of [result.users, result.posts, result.learningPlans]) {
      expect(group).toMatchObject({
        number: 0,
        size: 10,
        totalElements: 1,
        totalPages: 1,
        first: true,
        last: true,
      });
    }
  });

  it('ranks a title match above a content match, then the newest first', async () => {
    const inTitle = await createPost(t, bob.token, { title: 'Zorbex basics', content: 'An introduction.' });
    const inContent = await createPost(t, bob.token, {
      title: 'Weekly notes',
      content: 'zorbex zorbex zorbex: I used zorbex all week.',
    });
    const olderTwin = await createPost(t, bob.token, { title: 'Zorbex tips', content: 'Short.' });
    const newerTwin = await createPost(t, bob.token, { title: 'Zorbex tips', content: 'Short.' });

    const result = await search('zorbex');

    expect(ids(result.posts)).toEqual([newerTwin.id, olderTwin.id, inTitle.id, inContent.id]);
  });

  it('ranks a plan title above its description and a name above a bio', async () => {
    const inDescription = await createPlan(t, bob.token, {
      title: 'Metal work',
      description: 'Vextral alloys.',
    });
    const inTitle = await createPlan(t, bob.token, { title: 'Vextral casting', description: 'Moulds.' });
    const byName = await signUp(t, { name: 'Vextral Hale' });
    const byBio = await signUp(t, { name: 'Rhea Moss' });
    await setBio(byBio, 'Collects vextral figures');

    const result = await search('vextral');

    expect(ids(result.learningPlans)).toEqual([inTitle.id, inDescription.id]);
    expect(ids(result.users)).toEqual([byName.user.id, byBio.user.id]);
  });

  it('matches the words a Markdown post or plan shows, not its syntax, link addresses or code fence markers', async () => {
    const post = await createPost(t, bob.token, {
      title: 'Weekly notes',
      content: [
        'Read [the quindle docs](https://quindlehost.example/guide) and **Snar**vel with _wexon_.',
        '',
        '```pythonic',
        'quindle_case = 1',
        '```',
        '',
        '[ref]: https://refhost.example/page',
      ].join('\n'),
    });
    const plan = await createPlan(t, bob.token, {
      title: 'Metal notes',
      description: 'See ![a brimlet diagram](https://imghost.example/brimlet.png) ~~old~~ `zarg`',
    });

    for (const words of ['quindle docs', 'snarvel', 'wexon', 'quindle_case'])
      expect(ids((await search(words)).posts), words).toEqual([post.id]);
    for (const syntax of ['quindlehost', 'guide', 'pythonic', 'refhost', '"snar"'])
      expect(ids((await search(syntax)).posts), syntax).toEqual([]);
    expect(ids((await search('brimlet diagram zarg')).learningPlans)).toEqual([plan.id]);
    expect(ids((await search('imghost')).learningPlans)).toEqual([]);
    // Stored as written: the post responses its Markdown unchanged.
    const response = await t.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(ann.token) });
    expect(response.json().content).toContain('[the quindle docs](https://quindlehost.example/guide)');
  });

  it('matches quoted phrases, leaves out -excluded words and accepts or', async () => {
    const phrase = await createPost(t, bob.token, {
      title: 'Machine learning with Glimber',
      content: 'Intro.',
    });
    const apart = await createPost(t, bob.token, {
      title: 'Learning the Glimber machine',
      content: 'Notes.',
    });
    const withRedux = await createPost(t, bob.token, { title: 'Glimber and Redux', content: 'State.' });
    const other = await createPost(t, bob.token, { title: 'Plorkish basics', content: 'New language.' });

    expect(ids((await search('"machine learning" glimber')).posts)).toEqual([phrase.id]);
    expect(ids((await search('glimber -redux')).posts).sort()).toEqual([phrase.id, apart.id].sort());
    expect(ids((await search('glimber -"machine learning"')).posts).sort()).toEqual(
      [apart.id, withRedux.id].sort(),
    );
    expect(ids((await search('redux or plorkish')).posts).sort()).toEqual([withRedux.id, other.id].sort());
  });

  it('finds words by their beginning, the last word as it is typed, and other forms of a word', async () => {
    const post = await createPost(t, bob.token, {
      title: 'Learning TypeScript',
      content: 'Writing hooks daily.',
    });

    expect(ids((await search('typesc')).posts)).toContain(post.id);
    expect(ids((await search('learning typesc')).posts)).toContain(post.id);
    expect(ids((await search('learni')).posts)).toContain(post.id);
    expect(ids((await search('hook')).posts)).toContain(post.id);
    // Only the last word is a prefix: a finished word must match as a word.
    expect(ids((await search('typesc learning')).posts)).not.toContain(post.id);
  });

  it('finds by a prefix exactly the posts with a word beginning with it, alone or with other words', async () => {
    const titled = async (title: string, content = 'Nothing else.') =>
      (await createPost(t, bob.token, { title, content })).id;
    const happy = await titled('Happiness of zorblings'); // English stems it 'happi', not a prefix of it
    const learning = await titled('Learning zorblang'); // 'learn' in English, 'learning' as typed
    const learned = await titled('Learned zorblang the hard way');
    const quoted = await titled("Zorbl'd it's", 'With a c:\\path\\zorbl too.');
    const phrase = await titled('Machine zorblearning', 'Redux zorblings');
    const other = await titled('Nothing about it');
    const found = async (query: string) => ids((await search(query, ann.token, '&size=50')).posts).toSorted();
    const sorted = (...list: number[]) => list.toSorted();
    // The same statement reading the GIN index instead (as a query of several words is answered).
    const foundByDocument = async (query: string) => {
      const terms = { ...readSearchTerms(query), isOneWord: false };
      const result = await t.db.execute(rankPosts(rankInput(terms, ann.user.id, { limit: 50, offset: 0 })));
      return (result as unknown as { rows: { ids: number[] }[] }).rows[0]!.ids.toSorted();
    };
    const expectations: [query: string, posts: number[]][] = [
      ['zorbl', sorted(happy, learning, learned, quoted, phrase)],
      ['happines', [happy]],
      ['happi', [happy]],
      // English stems 'zorbli' as 'zorbl': both beginnings are read.
      ['zorbli', sorted(happy, learning, learned, quoted, phrase)],
      ['zorblear', [phrase]],
      ["zorbl'd", [quoted]],
      // Punctuation splits what is typed as one word: its last part is the prefix.
      ['c:\\path\\zor', [quoted]],
      ['zorblang learni', [learning]],
      ['zorblang learn', sorted(learning, learned)],
      ['"machine zorblearning" zorbli', [phrase]],
      // English stems 'zorbli' as 'zorbl': a prefix of every zorbl- word.
      ['-redux zorbli', sorted(happy, learning, learned, quoted)],
      ["zorbl'd it", [quoted]],
      ['path zorb', [quoted]],
      // English leaves 'the' out: its half searches the word before as a prefix, as typed 'the' is one.
      ['zorblang the', sorted(learning, learned)],
      ['zorblan the', sorted(learning, learned)],
      ['nothing or zorblea', sorted(happy, learning, learned, phrase, other)],
    ];
    for (const [query, expected] of expectations) {
      expect(await found(query), query).toEqual(expected);
      expect(await foundByDocument(query), query).toEqual(expected);
    }
  });

  it('keeps finding posts by prefix through edits and deletions', async () => {
    const author = await signUp(t, { name: 'Wordkeeper' });
    const kept = await createPost(t, author.token, { title: 'Quagswort basics', content: 'On quagswort.' });
    const edited = await createPost(t, author.token, { title: 'Quagswort more', content: 'Plain.' });
    const deleted = await createPost(t, bob.token, { title: 'Quagswort gone' });
    const found = async (query: string) => ids((await search(query)).posts).toSorted();

    const edit = await sendPost(t, author.token, [postPart({ ...validPost, title: 'Plimberry now' })], {
      method: 'PUT',
      url: `/api/posts/${edited.id}`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${deleted.id}`,
      headers: bearer(bob.token),
    });
    expect(removal.statusCode, removal.body).toBe(204);
    await t.app.inject({ method: 'POST', url: `/api/posts/${kept.id}/like`, headers: bearer(ann.token) });

    expect(await found('quagsw')).toEqual([kept.id]);
    expect(await found('plimb')).toEqual([edited.id]);
    const leaving = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(author.token),
      payload: { password: author.password },
    });
    expect(leaving.statusCode, leaving.body).toBe(200);
    expect(await found('quagsw')).toEqual([]);
    expect(await found('plimb')).toEqual([]);
  });

  it('finds a person by their @handle first, as a mention links to it', async () => {
    const [first, second] = [
      await signUp(t, { name: 'Mira Handel' }),
      await signUp(t, { name: 'mira handel' }),
    ];
    expect([first.user.handle, second.user.handle]).toEqual(['mirahandel', 'mirahandel2']);

    expect(ids((await search('@mirahandel')).users)[0]).toBe(first.user.id);
    expect(ids((await search('@mirahandel2')).users)[0]).toBe(second.user.id);
    // The ranking built with the values themselves (not placeholders) sends the handles as one array too.
    const ranked = await t.db.transaction(async (tx) => {
      await prepareSearch(tx);
      const input = rankInput(readSearchTerms('@mirahandel2 @mirahandel'), ann.user.id, {
        limit: 10,
        offset: 0,
      });
      return (await tx.execute(rankUsers(input))) as unknown as { rows: { ids: number[] }[] };
    });
    expect(ranked.rows[0]!.ids.slice(0, 2).toSorted()).toEqual([first.user.id, second.user.id].toSorted());
  });

  it('finds a person whose name is typed with a typo, unless a word of it is excluded', async () => {
    const john = await signUp(t, { name: 'John Smith' });

    expect(ids((await search('jonh')).users)).toContain(john.user.id);
    expect(ids((await search('Jonh Smiht')).users)).toContain(john.user.id);
    expect(ids((await search('jonh -smith')).users)).not.toContain(john.user.id);
    expect(ids((await search('xqzv')).users)).toEqual([]);
  });

  it('treats %, _, quotes, backslashes and emoji as plain text, never as wildcards or errors', async () => {
    const percent = await createPost(t, bob.token, {
      title: 'Halfway there',
      content: 'Stuck at 50% of chapter 9.',
    });
    const quoted = await createPost(t, bob.token, { title: "O'Reilly notes", content: 'Snake_case names.' });
    const rocket = await createPost(t, bob.token, { title: 'Rocket science 🚀', content: 'Orbits.' });

    for (const query of [
      '%',
      '_',
      '%%',
      '%_%',
      "'",
      '"',
      "''",
      '\\',
      '\\\\',
      '🚀',
      '*',
      ':*',
      '&',
      '!',
      '(',
      '<->',
    ]) {
      expect(totals(await search(query)), query).toEqual([0, 0, 0, 0]);
    }
    for (const query of [
      "' or 1=1 --",
      '"unclosed',
      'a:*b',
      '-',
      '- -',
      'or',
      '(a | b) & !c',
      '\\x00',
      '%00',
    ]) {
      await search(query);
    }
    expect(ids((await search('50%')).posts)).toEqual([percent.id]);
    expect(ids((await search("o'reilly")).posts)).toEqual([quoted.id]);
    expect(ids((await search('snake_case')).posts)).toEqual([quoted.id]);
    expect(ids((await search('🚀 rockets')).posts)).toEqual([rocket.id]);
    expect(ids((await search('\\rocket\\')).posts)).toEqual([rocket.id]);
    expect(ids((await search('rocket\u0000science')).posts)).toEqual([rocket.id]);
  });

  it(`searches only the first ${SEARCH_LIMITS.queryMaxLength} characters of a longer query`, async () => {
    const post = await createPost(t, bob.token, { title: 'Quembly puzzles', content: 'Logic.' });
    const filler = (length: number) => 'x'.repeat(length);

    expect(ids((await search(`quembly or ${'overlong '.repeat(2_000)}`)).posts)).toEqual([post.id]);
    expect(ids((await search(`${filler(150)} or quembly`)).posts)).toEqual([post.id]);
    // The limit falls right after this 'or': quembly is not searched for.
    const quemblyBeyondTheLimit = `${filler(SEARCH_LIMITS.queryMaxLength - 3)} or quembly`;
    expect(ids((await search(quemblyBeyondTheLimit)).posts)).toEqual([]);
  });

  it("shows the viewer's own private plans but never other people's", async () => {
    const mine = await createPlan(t, ann.token, { title: 'Drovel private notes', isPublic: false });
    const theirs = await createPlan(t, bob.token, { title: 'Drovel secret plan', isPublic: false });
    const shared = await createPlan(t, bob.token, { title: 'Drovel public plan', isPublic: true });

    const asAnn = await search('drovel', ann.token);
    expect(ids(asAnn.learningPlans).sort()).toEqual([mine.id, shared.id].sort());
    expect(asAnn.learningPlans.totalElements).toBe(2);
    const asBob = await search('drovel', bob.token);
    expect(ids(asBob.learningPlans).sort()).toEqual([theirs.id, shared.id].sort());
  });

  it('pages every kind separately with real totals', async () => {
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await createPost(t, bob.token, { title: `Pagwort lesson ${i}` }));
    const newestFirst = made.map((post) => post.id).reverse();

    const first = await search('pagwort', ann.token, '&page=0&size=10');
    expect(ids(first.posts)).toEqual(newestFirst.slice(0, 10));
    expect(first.posts).toMatchObject({
      number: 0,
      size: 10,
      totalElements: 12,
      totalPages: 2,
      first: true,
      last: false,
    });
    const second = await search('pagwort', ann.token, '&page=1&size=10');
    expect(ids(second.posts)).toEqual(newestFirst.slice(10));
    expect(second.posts).toMatchObject({ number: 1, totalElements: 12, first: false, last: true });
    const beyond = await search('pagwort', ann.token, '&page=5&size=10');
    expect(beyond.posts).toMatchObject({ content: [], totalElements: 12, totalPages: 2, last: true });
    const small = await search('pagwort', ann.token, '&size=5');
    expect(small.posts).toMatchObject({ size: 5, totalElements: 12, totalPages: 3 });
    expect(small.users).toMatchObject({ size: 5, totalElements: 0, totalPages: 0, last: true });
  });

  it(`ranks at most ${SEARCH_LIMITS.rankedMatches} matches of a kind, and then says the total is a lower bound`, async () => {
    const limit = SEARCH_LIMITS.rankedMatches;
    // The last five, the newest, met first, name the word three times: they rank above the rest.
    await t.db.execute(sql`insert into posts (author_id, title, content, category)
      select ${bob.user.id},
        case when i > ${limit} then 'Boundwort, boundwort, boundwort lesson '
          else 'Boundwort lesson ' end || i,
        'Step ' || i, 'OTHER'
      from generate_series(1, ${limit + 5}) as i`);
    try {
      const broad = await search('boundwort', ann.token, '&page=0&size=10');
      expect(broad.posts).toMatchObject({
        totalElements: limit,
        totalIsLowerBound: true,
        totalPages: limit / 10,
        last: false,
      });
      expect(broad.posts.content).toHaveLength(10);
      const titles = broad.posts.content.map((post) => post.title);
      expect(titles.slice(0, 5).sort()).toEqual(
        [1, 2, 3, 4, 5].map((i) => `Boundwort, boundwort, boundwort lesson ${limit + i}`),
      );
      expect(titles.slice(5).every((title) => /^Boundwort lesson \d+$/.test(title))).toBe(true);
      expect(broad.users).toMatchObject({ totalElements: 0, totalIsLowerBound: false });
      const lastPage = await search('boundwort', ann.token, `&page=${limit / 10 - 1}&size=10`);
      expect(lastPage.posts).toMatchObject({ totalIsLowerBound: true, last: true });
      expect(lastPage.posts.content).toHaveLength(10);

      const narrow = await search('"boundwort lesson 7"');
      expect(narrow.posts.totalIsLowerBound).toBe(false);
      expect(narrow.posts.content.map((post) => post.title)).toContain('Boundwort lesson 7');

      // Exactly as many as are ranked: the total is exact.
      await t.db.execute(sql`delete from posts where title like 'Boundwort lesson %' and id in
        (select id from posts where title like 'Boundwort lesson %' order by id desc limit 5)`);
      const exact = await search('boundwort');
      expect(exact.posts).toMatchObject({ totalElements: limit, totalIsLowerBound: false });
    } finally {
      await t.db.execute(sql`delete from posts where title like 'Boundwort%lesson %'`);
    }
  });

  it('finds a word alone among the newest posts and, beyond them, from the index, each post once', async () => {
    const titled = async (title: string) => (await createPost(t, bob.token, { title })).id;
    const older = [await titled('Older glimmerwort'), await titled('Glimmerwort again')];
    // More posts without the word than a one-word search checks among the newest.
    await t.db.execute(sql`insert into posts (author_id, title, content, category)
      select ${bob.user.id}, 'Spacer ' || i, 'Nothing here', 'OTHER'
      from generate_series(1, ${RECENT_POSTS_CHECKED}) as i`);
    try {
      const newer = [await titled('Glimmerwort now'), await titled('Newest glimmerwort')];
      const found = await search('glimmerw', ann.token, '&size=50');
      expect(ids(found.posts).toSorted()).toEqual([...older, ...newer].toSorted());
      expect(found.posts).toMatchObject({ totalElements: 4, totalIsLowerBound: false });
      // Title matches tie: newest first, whichever way each was found.
      expect(ids(found.posts)).toEqual([...older, ...newer].reverse());
      expect(ids((await search('olde')).posts)).toEqual([older[0]]);
    } finally {
      await t.db.execute(sql`delete from posts where title like 'Spacer %'`);
    }
  });

  it('keeps no table of words beside the posts', async () => {
    const result = await t.db.execute(sql`select to_regclass('post_search_words') as words,
      (select count(*) from pg_trigger where tgname like 'posts_search_words%')::int as triggers`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ words: null, triggers: 0 }]);
  });

  it('answers in the same number of statements for one result or many', async () => {
    const author = await signUp(t, { name: 'Trellick One' });
    await createPost(t, author.token, { title: 'Trellick start' }, [filePart('small.png')]);
    const firstPlan = await createPlan(t, author.token, { title: 'Trellick plan' });
    await startGroup(t, author, firstPlan, { name: 'Trellick readers' });
    const one = await t.queries.count(() => searchAs(ann.token, 'trellick'));
    expect(totals(one.result.json())).toEqual([1, 1, 1, 1]);

    for (let i = 0; i < 4; i++) {
      const other = await signUp(t, { name: `Trellick ${i}` });
      const post = await createPost(t, other.token, { title: `Trellick ${i}` }, [
        filePart('tiny.gif'),
        filePart('small.png'),
      ]);
      await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: bearer(ann.token) });
      const plan = await createPlan(t, other.token, { title: `Trellick plan ${i}` });
      await startGroup(t, other, plan, { name: `Trellick group ${i}` });
      await followAs(ann, other);
    }
    const many = await t.queries.count(() => searchAs(ann.token, 'trellick'));

    expect(totals(many.result.json())).toEqual([5, 5, 5, 5]);
    expect(many.statements).toBe(one.statements);
    const following = (result: typeof one.result) =>
      result.json().users.content.map((user: UserSearchItem) => user.isCurrentUserFollowing);
    expect(following(one.result)).toEqual([false]);
    expect(following(many.result).toSorted()).toEqual([false, true, true, true, true]);
  });

  it('finds public study groups by name or description, and invite-only ones by their members only', async () => {
    const plan = await createPlan(t, bob.token, { title: 'Bookbinding' });
    const byName = await startGroup(t, bob, plan, { name: 'Vellumcraft circle', description: 'Sewing' });
    const byDescription = await startGroup(t, bob, plan, {
      name: 'Tuesday binders',
      description: 'Vellumcraft',
    });
    const invited = await startGroup(t, bob, plan, { name: 'Vellumcraft inner circle', isPublic: false });

    const asAnn = await search('vellumcraft');
    expect(ids(asAnn.groups)).toEqual([byName.id, byDescription.id]);
    expect(asAnn.groups.content[0]).toEqual({ ...byName, viewerRole: null, inviteToken: null });
    expect(asAnn.groups).toMatchObject({ totalElements: 2, totalIsLowerBound: false });

    const asBob = await search('vellumcraft', bob.token);
    expect(ids(asBob.groups).toSorted()).toEqual([byName.id, byDescription.id, invited.id].toSorted());
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${invited.id}/members`,
      headers: bearer(ann.token),
      payload: { inviteToken: invited.inviteToken },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(ids((await search('vellumcraft')).groups)).toContain(invited.id);
  });

  it('never shows a group whose founder blocked the viewer, nor one on a plan they may not see', async () => {
    const cy = await signUp(t, { name: 'Cy Block' });
    const shared = await createPlan(t, cy.token, { title: 'Gildwork' });
    const hidden = await createPlan(t, cy.token, { title: 'Gildwork notes', isPublic: false });
    const open = await startGroup(t, cy, shared, { name: 'Gildwork guild' });
    await startGroup(t, cy, hidden, { name: 'Gildwork private guild' });

    expect(ids((await search('gildwork')).groups)).toEqual([open.id]);
    const blocked = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ann.user.id}/block`,
      headers: bearer(cy.token),
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await search('gildwork')).groups).toMatchObject({ content: [], totalElements: 0 });
    expect(ids((await search('gildwork', cy.token)).groups)).toHaveLength(2);
  });

  it.each([
    ['', 'an empty query'],
    ['   ', 'spaces'],
    ['\u0000\t\n', 'control characters'],
  ])('refuses %j (%s) with a clear message', async (query) => {
    const res = await searchAs(ann.token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SEARCH_MESSAGES.emptyQuery);
  });

  it('refuses a missing query and bad paging with a clear message', async () => {
    const missing = await searchAs(ann.token, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SEARCH_MESSAGES.emptyQuery);
    const badSize = await searchAs(ann.token, 'a', '&size=0');
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().message).toBe('size must be at least 1');
    const badPage = await searchAs(ann.token, 'a', '&page=-1');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe('page must be 0 or more');
  });

  it('answers 401 without a valid token', async () => {
    expect((await searchAs(null, 'anything')).statusCode).toBe(401);
    expect((await searchAs(null, null)).statusCode).toBe(401);
    expect((await searchAs('not-a-token', 'anything')).statusCode).toBe(401);
  });
});

describe('search statements', () => {
  /** The index names in the plan PostgreSQL makes for `statement` (EXPLAIN (FORMAT JSON)). */
  async function indexesIn(statement: { getSQL(): SQL }, tx: Database): Promise<string[]> {
    const result = (await tx.execute(sql`explain (format json) ${statement.getSQL()}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const plan = Object.values(result.rows[0]!)[0];
    const names: string[] = [];
    // Plan nodes nest in objects and arrays ("Plans"); Object.entries walks both.
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Index Name' && typeof value === 'string') names.push(value);
        else walk(value);
      }
    };
    walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
    return names;
  }

  /**
   * Tables as large as a small site's, with statistics: 5,000 rows each whose words are not searched
   * for, so a search is selective and reading the whole table costs the planner more than the index.
   */
  async function fillTables(tx: Database, authorId: number) {
    const rows = sql`generate_series(1, 5000) as i`;
    await tx.execute(sql`insert into users (name, email, handle, bio)
      select 'Filler ' || i, 'filler' || i || '@example.com', 'filler_' || i, 'Bio number ' || i
      from ${rows}`);
    await tx.execute(sql`insert into posts (author_id, title, content, category)
      select ${authorId}, 'Filler post ' || i, 'Nothing to see in ' || i, 'OTHER' from ${rows}`);
    await tx.execute(sql`insert into learning_plans (creator_id, title, description, category, estimated_days)
      select ${authorId}, 'Filler plan ' || i, 'Nothing to see in ' || i, 'OTHER', 30 from ${rows}`);
    await tx.execute(sql`insert into study_groups (plan_id, founder_id, name, description)
      select id, ${authorId}, 'Filler group ' || id, 'Nothing to see in ' || id from learning_plans
      where title like 'Filler plan %'`);
    await tx.execute(sql`analyze users, posts, learning_plans, study_groups`);
  }

  it('are answered from the search indexes by a planner free to scan whole tables', async () => {
    const terms = readSearchTerms('jonh -redux typesc');
    const oneWord = readSearchTerms('typesc');
    const window = { limit: 10, offset: 0 };
    const found: Record<string, string[]> = {};
    const rolledBack = new Error('roll back the filler rows and the dropped index');
    await expect(
      t.db.transaction(async (tx) => {
        await fillTables(tx, bob.user.id);
        await prepareSearch(tx);
        // The service steers the planner to the indexes; here it chooses on its own costs.
        await tx.execute(sql`set local enable_seqscan = on`);
        found.users = await indexesIn(rankUsers(rankInput(terms, ann.user.id, window)), tx);
        found.posts = await indexesIn(rankPosts(rankInput(terms, ann.user.id, window)), tx);
        found.postsOfOneWord = await indexesIn(rankPosts(rankInput(oneWord, ann.user.id, window)), tx);
        found.learningPlans = await indexesIn(rankPlans(rankInput(terms, ann.user.id, window)), tx);
        found.groups = await indexesIn(rankGroups(rankInput(terms, ann.user.id, window)), tx);
        // The same look-up of the index name fails once the index is gone: the check can fail.
        await tx.execute(sql`drop index posts_search_idx`);
        found.postsWithoutIndex = await indexesIn(rankPosts(rankInput(terms, ann.user.id, window)), tx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);

    expect(found.users).toEqual(expect.arrayContaining(['users_search_idx', 'users_name_trgm_idx']));
    // A word alone, the prefix being typed, is checked on the newest posts, then read from the index.
    expect(found.posts).toContain('posts_search_idx');
    expect(found.postsOfOneWord).toEqual(expect.arrayContaining(['posts_pkey', 'posts_search_idx']));
    expect(found.learningPlans).toContain('learning_plans_search_idx');
    expect(found.groups).toContain('study_groups_search_idx');
    expect(found.postsWithoutIndex).not.toContain('posts_search_idx');
  });
});
