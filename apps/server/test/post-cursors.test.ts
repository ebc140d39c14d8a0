import type { Post } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

type PostPage = {
  content: Post[];
  number: number;
  totalElements: number;
  first: boolean;
  last: boolean;
  nextCursor: string | null;
};

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
let reader: TestAccount;

/** The feed's posts in its order, as the database orders them (ties in time by id, newest first). */
async function idsInOrder(author?: number) {
  const result = (await t.db.execute(
    sql`select id from posts where ${author ?? null}::int is null or author_id = ${author ?? null}
      order by created_at desc, id desc`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

/**
 * 23 posts by ann and 9 by bob whose times tie in groups of four, and inside one millisecond for a
 * group of three: the order between tied posts is their ids'.
 */
async function writeTiedPosts(author: number, count: number, from: number) {
  await t.db.execute(sql`
    insert into posts (author_id, title, content, category, created_at, updated_at)
    select ${author}::int, 'Post ' || i, 'Text of post ' || i, 'PROGRAMMING', at, at
    from generate_series(${from}::int, ${from + count - 1}::int) i
    cross join lateral (select timestamptz '2026-01-01 10:00:00' + (i / 4) * interval '1 minute'
      + case when i % 7 = 0 then (i % 3) * interval '1 microsecond' else interval '0' end as at) made`);
}

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, reader] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
  await writeTiedPosts(ann.user.id, 23, 0);
  await writeTiedPosts(bob.user.id, 9, 3);
});
afterAll(() => t.close());

async function read(url: string): Promise<PostPage> {
  const res = await t.app.inject({ url, headers: bearer(reader.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of `list` by `page` numbers, then by following `nextCursor` from the first. */
async function walkBothWays(list: string, size: number) {
  const byPage: number[] = [];
  for (let page = 0; ; page++) {
    const answer = await read(`${list}?page=${page}&size=${size}`);
    byPage.push(...answer.content.map((post) => post.id));
    if (answer.last) break;
  }
  const byCursor: number[] = [];
  let answer = await read(`${list}?size=${size}`);
  byCursor.push(...answer.content.map((post) => post.id));
  while (answer.nextCursor) {
    answer = await read(`${list}?size=${size}&cursor=${answer.nextCursor}`);
    expect(answer.first).toBe(false);
    byCursor.push(...answer.content.map((post) => post.id));
  }
  expect(answer.last).toBe(true);
  return { byPage, byCursor };
}

describe('keyset cursors', () => {
  it('walk the feed through the same posts, in the same order, as its pages', async () => {
    for (const size of [5, 4, 1]) {
      const { byPage, byCursor } = await walkBothWays('/api/posts', size);
      expect(byPage).toEqual(await idsInOrder());
      expect(byCursor).toEqual(byPage);
    }
  });

  it("walk a person's posts through the same posts as its pages", async () => {
    const { byPage, byCursor } = await walkBothWays(`/api/posts/user/${ann.user.id}`, 5);
    expect(byPage).toEqual(await idsInOrder(ann.user.id));
    expect(byPage).toHaveLength(23);
    expect(byCursor).toEqual(byPage);
  });

  it('say there is no next page after the last one', async () => {
    const last = await read(`/api/posts/user/${bob.user.id}?page=1&size=5`);
    expect(last.content).toHaveLength(4);
    expect(last.nextCursor).toBeNull();
    const full = await read(`/api/posts/user/${bob.user.id}?page=0&size=9`);
    expect(full.last).toBe(true);
    expect(full.nextCursor).toBeNull();
  });

  it('cost the same statements at any depth as a page by number', async () => {
    const first = await read('/api/posts?size=5');
    const second = await read(`/api/posts?size=5&cursor=${first.nextCursor}`);
    const third = await read(`/api/posts?size=5&cursor=${second.nextCursor}`);
    const counted = (url: string) =>
      t.queries.count(() => t.app.inject({ url, headers: bearer(reader.token) }));
    const shallow = await counted(`/api/posts?size=5&cursor=${first.nextCursor}`);
    const deep = await counted(`/api/posts?size=5&cursor=${third.nextCursor}`);
    const byNumber = await counted('/api/posts?size=5&page=3');
    expect(shallow.result.json().content).toHaveLength(5);
    expect(deep.statements).toBe(shallow.statements);
    expect(deep.statements).toBe(byNumber.statements);
  });

  it("go on after the cursor's post was deleted, from its time", async () => {
    const first = await read(`/api/posts/user/${ann.user.id}?size=6`);
    const expected = await read(`/api/posts/user/${ann.user.id}?size=6&cursor=${first.nextCursor}`);
    const gone = first.content.at(-1)!.id;
    await t.db.execute(sql`delete from posts where id = ${gone}`);
    const after = await read(`/api/posts/user/${ann.user.id}?size=6&cursor=${first.nextCursor}`);
    expect(after.content.map((post) => post.id)).toEqual(expected.content.map((post) => post.id));
  });

  it('answer a cursor this server did not give with a 400 that says so', async () => {
    for (const cursor of ['abc', '1_0', '1_99999999999', '99999999999999999_1', '']) {
      const res = await t.app.inject({
        url: `/api/posts?cursor=${encodeURIComponent(cursor)}`,
        headers: bearer(reader.token),
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toContain('cursor must be a nextCursor this server answered');
    }
  });
});
