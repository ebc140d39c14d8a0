import { type SQL, sql } from 'drizzle-orm';

/**
 * A heavy-tailed share of `total` among `items` ranked by popularity (1 = most popular): rank r gets
 * min(cap, floor(scale / r^exponent)), so a few items get most and many get little or nothing.
 */
export type PowerLaw = { scale: number; exponent: number; cap: number };

const shareOf = (rank: number, { scale, exponent, cap }: PowerLaw) =>
  Math.min(cap, Math.floor(scale / rank ** exponent));

function sum(items: number, law: PowerLaw) {
  let total = 0;
  for (let rank = 1; rank <= items; rank++) total += shareOf(rank, law);
  return total;
}

/** The law whose shares add up to `total` (give or take rounding), found by bisection on the scale. */
export function powerLaw(total: number, items: number, exponent: number, cap: number): PowerLaw {
  let low = 0;
  let high = total;
  while (sum(items, { scale: high, exponent, cap }) < total && high < Number.MAX_SAFE_INTEGER / 2) high *= 2;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (sum(items, { scale: middle, exponent, cap }) < total) low = middle;
    else high = middle;
  }
  return { scale: high, exponent, cap };
}

/** SQL: the share of the item whose rank is the SQL expression `rank`. */
export const shareOfRank = ({ scale, exponent, cap }: PowerLaw, rank: SQL): SQL =>
  sql`least(${sql.raw(String(cap))},
    floor(${sql.raw(String(scale))} / power(${rank}, ${sql.raw(String(exponent))})))::int`;

/** A multiplier coprime with `count`, so that rank → id below visits every id once. */
const spreadFactor = (count: number) => [7919, 7927, 7933].find((prime) => count % prime !== 0)!;

/**
 * SQL: the id (1…count) of the item of popularity `rank` (1…count). Ranks are spread over the ids, so
 * popular users, posts and plans are found at every age, not only among the oldest.
 */
export const idOfRank = (rank: SQL, count: number): SQL =>
  sql`(1 + ((${rank}) - 1)::bigint * ${sql.raw(String(spreadFactor(count)))}
    % ${sql.raw(String(count))})::int`;

/** SQL: a random rank in 1…count, drawn so that low (popular) ranks come up far more often. */
export const skewedRank = (count: number): SQL => sql.raw(`(1 + floor(${count} * power(random(), 2)))::int`);

/**
 * SQL: the `n`-th (0-based) of `count` distinct ids other than `start`'s position, for n < count: a
 * prime stride larger than any table here walks the ids without repeating.
 */
export const nthOther = (start: SQL, n: SQL, count: number): SQL =>
  sql`(1 + ((${start}) - 1 + (${n})::bigint * 1000003 % ${sql.raw(String(count))})
    % ${sql.raw(String(count))})::int`;
