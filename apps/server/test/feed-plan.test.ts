import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type SentStatement, type TestApp } from './helpers/app.js';

/**
 * The server keeps one generic plan per statement (db/client.ts), and a generic plan cannot know the
 * page's OFFSET. The feed's must still walk the newest-first index and check blocks, suspensions and
 * hiding in it: sorting every post instead cost 89 ms against 0.6 ms a page on the `large` data
 * (bench/RESULTS.md), with the same response, so only the plan shows it.
 */
let t: TestApp;
let ann: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t);
  const bob = await signUp(t);
  await t.db.execute(sql`
    insert into posts (author_id, title, content, category, created_at)
    select ${bob.user.id}, 'Post ' || n, 'What I learned on day ' || n, 'OTHER',
      now() - n * interval '1 minute'
    from generate_series(1, 20000) n`);
  await t.db.execute(sql`analyze posts`);
}, 240_000);
afterAll(() => t.close());

/** The generic plan of a statement the app sent, in text form. */
async function genericPlanOf({ sql: text, params }: SentStatement): Promise<string> {
  const types = params.map((value) => (typeof value === 'number' ? 'integer' : 'text')).join(', ');
  const values = params.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', ');
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare feed_probe (${types}) as ${text}`));
    const { rows } = (await tx.execute(sql.raw(`explain execute feed_probe (${values})`))) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    await tx.execute(sql`deallocate feed_probe`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

it.each([0, 3])(
  'reads feed page %i from the newest-first index on a generic plan, sorting no posts',
  async (page) => {
    const { result, sent } = await t.queries.count(() =>
      t.app.inject({ url: `/api/posts?page=${page}&size=10`, headers: bearer(ann.token) }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().content).toHaveLength(10);
    const feed = sent.find((statement) => /\boffset\b/i.test(statement.sql) && /"posts"/.test(statement.sql));
    expect(feed, 'the feed page statement').toBeDefined();
    const plan = await genericPlanOf(feed!);
    expect(plan).toMatch(/Index Only Scan using posts_created_at_id_idx/);
    expect(plan).not.toMatch(/Seq Scan on posts|posts_author_created_at_idx/);
  },
);
