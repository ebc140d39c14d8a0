import { CATEGORIES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { idOfRank, nthOther, powerLaw, shareOfRank, skewedRank } from './power-law.js';
import type { Sizes } from './presets.js';
import { randomOf, randomWords } from './vocabulary.js';

/** A post in this many mentions a (mostly popular) user at its end. */
const MENTION_EVERY = 50;

/**
 * Posts 1…n spread evenly over the last year (ids grow with time, as in a live database), written
 * mostly by a few prolific users; some give a progress percentage, some mention someone.
 */
export async function fillPosts(db: Database, sizes: Sizes) {
  const { users, posts } = sizes;
  await db.execute(sql`
    insert into posts (id, author_id, title, content, category,
      learning_progress_percent, created_at, updated_at)
    overriding system value
    select i, ${idOfRank(skewedRank(users), users)}, initcap(${randomWords(5)}),
      ${randomWords(40)} || coalesce(' thanks @' || mentioned.handle, ''),
      ${sql.raw(randomOf(CATEGORIES))},
      case when random() < 0.6 then (5 * floor(random() * 21))::smallint end, written.at, written.at
    from generate_series(1, ${posts}) i
    cross join lateral (select now() - interval '365 days' * (${posts} - i + random())
        / ${posts} as at) written
    left join users mentioned
      on i % ${MENTION_EVERY} = 0 and mentioned.id = 1 + (i::bigint * 7919) % ${Math.min(users, 100)}`);
}

/**
 * One post in seven has 1–3 media (a fifth of them videos; images have a WebP thumbnail, as uploads
 * do); the files themselves are not needed to list them.
 */
export async function fillMedia(db: Database) {
  await db.execute(sql`
    insert into post_media (post_id, type, file_key, thumbnail_key, mime_type, size_bytes, width, height,
      duration_seconds, position, created_at)
    select p.id, m.type, 'bench/post-' || p.id || '-' || n || m.extension,
      case when m.type = 'IMAGE' then 'bench/post-' || p.id || '-' || n || '-thumb.webp' end,
      case when m.type = 'VIDEO' then 'video/mp4' else 'image/jpeg' end,
      100000 + (p.id::bigint * 7919 + n) % 900000, 1280, 720,
      case when m.type = 'VIDEO' then 12.5 end, n, p.created_at
    from posts p
    cross join lateral generate_series(0, p.id % 3) n
    cross join lateral (select case when (p.id + n) % 5 = 0 then 'VIDEO' else 'IMAGE' end as type,
      case when (p.id + n) % 5 = 0 then '.mp4' else '.jpg' end as extension) m
    where p.id % 7 = 0`);
}

/** Likes with a power-law number per post (a few posts are liked by nearly everyone), by distinct users. */
export async function fillLikes(db: Database, sizes: Sizes) {
  const likes = powerLaw(sizes.likes, sizes.posts, 0.9, sizes.users);
  await db.execute(sql`
    insert into post_likes (post_id, user_id, created_at)
    select p.id, ${nthOther(sql`1 + p.id % ${sizes.users}`, sql`j`, sizes.users)},
      p.created_at + (now() - p.created_at) * random()
    from generate_series(1, ${sizes.posts}) r
    join posts p on p.id = ${idOfRank(sql`r`, sizes.posts)}
    cross join lateral generate_series(0, ${shareOfRank(likes, sql`r`)} - 1) j`);
}

/** Comments with a power-law number per post, by anyone (someone may comment twice). */
export async function fillComments(db: Database, sizes: Sizes) {
  const comments = powerLaw(sizes.comments, sizes.posts, 0.8, Number.MAX_SAFE_INTEGER);
  await db.execute(sql`
    insert into comments (post_id, author_id, content, created_at, updated_at)
    select p.id, 1 + (p.id * 13 + j * 7919) % ${sizes.users}, ${randomWords(15, 'j')}, said.at, said.at
    from generate_series(1, ${sizes.posts}) r
    join posts p on p.id = ${idOfRank(sql`r`, sizes.posts)}
    cross join lateral generate_series(0, ${shareOfRank(comments, sql`r`)} - 1) j
    cross join lateral (select p.created_at + (now() - p.created_at) * random() as at where j >= 0) said`);
}
