import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { skewedRank } from './power-law.js';
import type { Sizes } from './presets.js';
import { WORDS } from './vocabulary.js';

/** The common words make the popular tags; a long tail of rarer ones follows them. */
const TAIL_TAGS = 400;

/**
 * Tags as people use them: most posts carry one to three, a few tags are on a large share of them (the
 * lowest ids, drawn most often), plans carry one or two, and one person in five follows two tags.
 */
export async function fillTags(db: Database, sizes: Sizes) {
  const count = WORDS.length + TAIL_TAGS;
  await db.execute(sql`
    insert into tags (id, name)
    select i, coalesce((${sql.raw(`array['${WORDS.join("','")}']`)})[i], 'topic-' || i)
    from generate_series(1, ${count}) i`);
  await db.execute(sql`select setval(pg_get_serial_sequence('tags', 'id'), ${count})`);
  await db.execute(sql`
    insert into post_tags (post_id, tag_id)
    select p.id, ${skewedRank(count)} from posts p cross join lateral generate_series(1, p.id % 4)
    on conflict do nothing`);
  await db.execute(sql`
    insert into plan_tags (plan_id, tag_id)
    select p.id, ${skewedRank(count)} from learning_plans p
    cross join lateral generate_series(0, p.id % 2)
    on conflict do nothing`);
  await db.execute(sql`
    insert into tag_follows (user_id, tag_id)
    select u.id, ${skewedRank(count)} from generate_series(1, ${sizes.users}) u(id)
    cross join generate_series(1, 2) where u.id % 5 = 0
    on conflict do nothing`);
}
