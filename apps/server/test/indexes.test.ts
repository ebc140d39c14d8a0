import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownNotificationCount } from '../src/modules/notifications/notifications.queries.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t);
  bob = await signUp(t);
  // Enough rows that a sequential scan costs more than an index look-up.
  await t.db.execute(sql`
    insert into notifications (recipient_id, actor_id, type, message, entity_type, entity_id)
    select ${ann.user.id}, ${bob.user.id}, 'LIKE', 'liked your post', 'post', n
    from generate_series(1, 3000) n`);
  // And as many from fifty others, as a person's notifications come from many people.
  await t.db.execute(sql`
    insert into users (name, email, handle)
    select 'Actor ' || n, 'actor' || n || '@example.com', 'actor' || n from generate_series(1, 50) n`);
  await t.db.execute(sql`
    insert into notifications (recipient_id, actor_id, type, message, entity_type, entity_id)
    select ${ann.user.id}, u.id, 'LIKE', 'liked your post', 'post', n
    from users u cross join generate_series(1, 60) n where u.handle like 'actor%'`);
  await t.db.execute(sql`
    insert into activities (user_id, type, followed_user_id)
    select ${ann.user.id}, 'FOLLOW_USER', ${bob.user.id} from generate_series(1, 3000)`);
  await t.db.execute(sql`analyze notifications`);
  await t.db.execute(sql`analyze activities`);
});
afterAll(() => t.close());

/** The rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function planOf(query: SQL): Promise<string> {
  const rows = await rowsOf<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('indexes behind deletes and de-duplication', () => {
  it('exist', async () => {
    const rows = await rowsOf<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = current_schema()`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(['activities_topic_idx', 'activities_resource_idx', 'notifications_dedupe_idx']),
    );
  });

  // What ON DELETE SET NULL runs for each deleted topic or resource.
  it.each([
    ['topic_id', 'activities_topic_idx'],
    ['resource_id', 'activities_resource_idx'],
  ])('serve the look-up of activities by %s', async (column, index) => {
    expect(await planOf(sql`select 1 from activities where ${sql.identifier(column)} = 7`)).toContain(index);
  });

  it('serve the "already notified?" look-up of a new notification', async () => {
    const plan = await planOf(sql`
      select 1 from notifications earlier
      where earlier.recipient_id = ${ann.user.id} and earlier.type = 'LIKE'
        and earlier.actor_id = ${bob.user.id}
        and earlier.entity_type = 'post' and earlier.entity_id = 1500`);
    expect(plan).toContain('notifications_dedupe_idx');
  });
});

describe('the notification list’s total', () => {
  // Blocks, mutes and moderation hide few of a person's notifications: the total finds those through the
  // hidden people and content, and never reads the thousands the recipient has.
  it.each([false, true])(
    'reads none of the recipient’s notifications but the hidden (unread only: %s)',
    async (unread) => {
      const plan = await planOf(sql`select ${shownNotificationCount(ann.user.id, unread)}`);
      for (const index of ['actor', 'post', 'comment', 'plan']) {
        expect(plan).toContain(`notifications_${index}_recipient_idx`);
      }
      expect(plan).not.toMatch(/notifications_recipient_(created_at|unread)_idx|Seq Scan on notifications/);
    },
  );

  it('is the kept count less what a block hides', async () => {
    const total = async () =>
      (
        await rowsOf<{ total: number }>(sql`select ${shownNotificationCount(ann.user.id, false)} as total`)
      )[0]!.total;
    expect(await total()).toBe(6000);
    await t.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${ann.user.id}, ${bob.user.id})`,
    );
    expect(await total()).toBe(3000);
    await t.db.execute(sql`delete from blocks where blocker_id = ${ann.user.id}`);
    expect(await total()).toBe(6000);
  });
});

describe('the Following tab’s tagged posts', () => {
  beforeAll(async () => {
    await t.db.execute(sql`
      insert into posts (author_id, title, content, category)
      select ${bob.user.id}, 'Tagged ' || n, 'Text.', 'PROGRAMMING' from generate_series(1, 3000) n`);
    await t.db.execute(sql`insert into tags (name) values ('indexed')`);
    await t.db.execute(sql`
      insert into post_tags (post_id, tag_id)
      select p.id, tags.id from posts p, tags where tags.name = 'indexed'`);
    await t.db.execute(sql`analyze post_tags`);
  });

  // The order feed.queries.ts reads a followed tag's posts in: the index must give it, or every post of
  // the tag is read and sorted.
  it('are read newest first down the tag’s index, never sorted', async () => {
    const plan = await planOf(sql`
      select p.id from post_tags pt join posts p on p.id = pt.post_id
      where pt.tag_id = (select id from tags where name = 'indexed')
      order by pt.created_at desc, pt.post_id desc limit 200`);
    expect(plan).toContain('post_tags_tag_created_idx');
    expect(plan).not.toContain('Sort');
  });
});
