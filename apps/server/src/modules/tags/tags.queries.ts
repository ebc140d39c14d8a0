import { sql } from 'drizzle-orm';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { learningPlans, planTags, posts, postTags, tagFollows, tags } from '../../db/schema/index.js';
import { upsertedTagIds } from '../../db/tagging.js';
import { NOBODY, planVisibleTo, postVisibleTo } from '../../db/visibility.js';
import { literalLimit } from '../../lib/pagination.js';

type Window = { limit: number; offset: number };

async function rowsOf<Row>(db: Database, statement: ReturnType<typeof sql>) {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The id of the tag named `name`, null when nobody used it: computed once per statement. */
const tagId = (name: string) => sql`(select ${tags.id} from ${tags} where ${tags.name} = ${name})`;

/**
 * The posts carrying tag `tag` (an id) that `viewer` may see, leaving out muted authors as the feed and
 * search do.
 */
const taggedPosts = (tag: ReturnType<typeof sql>, viewer: number | typeof NOBODY) =>
  sql`select ${posts.id} as id, ${posts.createdAt} as created_at from ${postTags}
    join ${posts} on ${posts.id} = ${postTags.postId}
    where ${postTags.tagId} = ${tag} and ${postVisibleTo(viewer)}
      and ${shownTo(viewer, posts.authorId, { muted: true })}`;

/** The plans carrying tag `tag` that `viewer` may see (their own private ones too, unless `publicOnly`). */
const taggedPlans = (tag: ReturnType<typeof sql>, viewer: number | typeof NOBODY, publicOnly = false) =>
  sql`select ${learningPlans.id} as id, ${learningPlans.createdAt} as created_at from ${planTags}
    join ${learningPlans} on ${learningPlans.id} = ${planTags.planId}
    where ${planTags.tagId} = ${tag} and ${planVisibleTo(viewer, { publicOnly })}`;

/**
 * Up to `limit` tags beginning with `prefix` (a byte-wise range of `tags_name_prefix_idx`: tag names are
 * ASCII letters, digits and hyphens, all below `~`, and a range works on a statement's generic plan where
 * `like` with a parameter does not), most used first (posts and plans `viewerId` may see, so a
 * tag only a private plan carries is suggested to its creator alone), then alphabetical: one statement.
 */
export function selectSuggestions(db: Database, viewerId: number, prefix: string, limit: number) {
  return rowsOf<{ name: string; uses: number }>(
    db,
    sql`select name, uses from (
        select t.name, ((select count(*) from (${taggedPosts(sql`t.id`, viewerId)}) p)
          + (select count(*) from (${taggedPlans(sql`t.id`, viewerId)}) l))::int as uses
        from ${tags} t where t.name ~>=~ ${prefix} and t.name ~<~ ${`${prefix}~`}) counted
      where uses > 0 order by uses desc, name limit ${literalLimit(limit)}`,
  );
}

/**
 * The tag's counts as a signed-in stranger sees them (no block applies) and whether `viewerId` follows
 * it; no row when nobody used the tag yet. One statement.
 */
export async function selectSummary(db: Database, viewerId: number, name: string) {
  const [row] = await rowsOf<{ postCount: number; planCount: number; following: boolean }>(
    db,
    sql`select (select count(*) from (${taggedPosts(sql`t.id`, NOBODY)}) p)::int as "postCount",
        (select count(*) from (${taggedPlans(sql`t.id`, NOBODY, true)}) l)::int as "planCount",
        exists (select 1 from ${tagFollows} f where f.user_id = ${viewerId} and f.tag_id = t.id) as following
      from ${tags} t where t.name = ${name}`,
  );
  return row ?? null;
}

/**
 * One page of the ids of the tag's posts or plans `viewerId` may see, newest first, and how many there
 * are: one statement whatever the page holds.
 */
export async function selectTaggedPage(
  db: Database,
  kind: 'posts' | 'plans',
  viewerId: number,
  name: string,
  { limit, offset }: Window,
) {
  const tagged = kind === 'posts' ? taggedPosts(tagId(name), viewerId) : taggedPlans(tagId(name), viewerId);
  const [row] = await rowsOf<{ total: number; ids: number[] }>(
    db,
    sql`with tagged as materialized (${tagged})
      select (select count(*) from tagged)::int as total,
        array(select id from tagged order by created_at desc, id desc
          limit ${literalLimit(limit)} offset ${offset}) as ids`,
  );
  return row!;
}

/** The viewer follows the tag (created if nobody used it yet); following it twice changes nothing. */
export async function followTag(db: Database, userId: number, name: string) {
  await db.execute(sql`with tag as (${upsertedTagIds([name])})
    insert into ${tagFollows} (user_id, tag_id) select ${userId}::int, id from tag on conflict do nothing`);
}

export async function unfollowTag(db: Database, userId: number, name: string) {
  await db.execute(
    sql`delete from ${tagFollows}
      where ${tagFollows.userId} = ${userId} and ${tagFollows.tagId} = ${tagId(name)}`,
  );
}
