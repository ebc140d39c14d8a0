import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { idOfRank, nthOther, powerLaw, shareOfRank } from './power-law.js';
import type { Sizes } from './presets.js';
import { FIRST_NAMES, LAST_NAMES, randomOf, randomWords } from './vocabulary.js';

const CITIES = ['Paris', 'Berlin', 'Lagos', 'Tokyo', 'Lima', 'Toronto', 'Mumbai', 'Seoul', 'Nairobi', 'Oslo'];

/**
 * Users 1…n, oldest first, over the last two years: names from common first and last names, unique
 * handles (`johnsmith_42`), e-mail addresses `user<id>@example.com`, all with the same password.
 */
export async function fillUsers(db: Database, sizes: Sizes, passwordHash: string) {
  const names = `(select (array['${FIRST_NAMES.join("','")}'])[1 + i % ${FIRST_NAMES.length}] as first,
    (array['${LAST_NAMES.join("','")}'])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as last) n`;
  await db.execute(sql`
    insert into users (id, name, email, handle, password_hash,
      bio, location, profile_picture, created_at, updated_at)
    overriding system value
    select i, initcap(n.first) || ' ' || initcap(n.last), 'user' || i || '@example.com',
      left(n.first || n.last, 20) || '_' || i, ${passwordHash}, ${randomWords(12)},
      case when i % 3 = 0 then ${sql.raw(randomOf(CITIES))} end,
      case when i % 10 < 3 then 'bench/avatar-' || i % 50 || '.jpg' end, joined.at, joined.at
    from generate_series(1, ${sizes.users}) i
    cross join lateral ${sql.raw(names)}
    cross join lateral (select now() - interval '730 days' * (${sizes.users} - i + random())
        / ${sizes.users} as at) joined`);
}

/** Follows with a power-law number of followers per user: a few are followed by almost everyone. */
export async function fillFollows(db: Database, sizes: Sizes) {
  const followers = powerLaw(sizes.follows, sizes.users, 1, sizes.users - 1);
  await db.execute(sql`
    insert into follows (follower_id, followed_id, created_at)
    select ${nthOther(sql`f.followed`, sql`j + 1`, sizes.users)}, f.followed,
      now() - interval '365 days' * random()
    from generate_series(1, ${sizes.users}) r
    cross join lateral (select ${idOfRank(sql`r`, sizes.users)} as followed) f
    cross join lateral generate_series(0, ${shareOfRank(followers, sql`r`)} - 1) j`);
}
