/**
 * How long the server takes to answer the analytics dashboard (GET /api/analytics) for a user with
 * 50 plans (5 topics of 4 resources each) and 10,000 learning activities over the past year, next
 * to 20 other users with 5,000 activities each on the same plans.
 *
 *   npx tsx bench/analytics.ts                                              # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/analytics.ts   # PostgreSQL
 *
 * On PostgreSQL a database of its own is created and dropped. Prints, over RUNS requests, the median
 * and 90th percentile of the in-process request time (routing, SQL, serialisation; no network) and,
 * on PGlite, which runs inside this process, the median CPU time the request cost: on a busy
 * machine the CPU time still says what the request costs, while the elapsed time also counts waiting.
 */
import { sql } from 'drizzle-orm';
import { bearer, signUp } from '../apps/server/test/helpers/accounts.js';
import { createTestApp } from '../apps/server/test/helpers/app.js';

const RUNS = 30;
const PLANS = 50;
const EVENTS = 10_000;
const OTHER_USERS = 20;
const OTHER_EVENTS = 5_000;

const t = await createTestApp();
try {
  const owner = await signUp(t, { name: 'Bench Owner' });
  const others = await Promise.all(
    Array.from({ length: OTHER_USERS }, (_, i) => signUp(t, { name: `Other ${i}` })),
  );
  const started = performance.now();
  await fill(
    owner.user.id,
    others.map((other) => other.user.id),
  );
  console.log(
    `data: ${PLANS} plans, ${EVENTS} + ${OTHER_USERS} × ${OTHER_EVENTS} ` +
      `activities in ${ms(performance.now() - started)}`,
  );

  const today = new Date();
  for (const days of [30, 366]) {
    const start = new Date(today.getTime() - (days - 1) * 86_400_000);
    const url = `/api/analytics?startDate=${isoDay(start)}&endDate=${isoDay(today)}&tz=Europe/Paris`;
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      const before = performance.now();
      const cpuBefore = process.cpuUsage();
      const res = await t.app.inject({ url, headers: bearer(owner.token) });
      const cpu = process.cpuUsage(cpuBefore);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      if (run < 3) continue; // warm-up
      times.push(performance.now() - before);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const cpu = onPostgres ? '' : `, CPU median ${ms(percentile(cpuTimes, 0.5))}`;
    console.log(
      `${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${days}-day range: median ${ms(percentile(times, 0.5))}, ` +
        `p90 ${ms(percentile(times, 0.9))}${cpu} (${RUNS} runs)`,
    );
  }
} finally {
  await t.close();
}

/** Set-based: plans, topics, resources, current progress and activities, a handful of statements. */
async function fill(ownerId: number, otherIds: number[]) {
  const categories = sql`(array['PROGRAMMING','DESIGN','BUSINESS','LANGUAGE','MUSIC','SCIENCE'])`;
  const types = sql`(array['ARTICLE','VIDEO','COURSE','BOOK','PDF','OTHER'])`;
  await t.db.execute(sql`
    insert into learning_plans (creator_id, title, description, category, estimated_days, created_at)
    select ${ownerId}, 'Plan ' || n, 'Generated', ${categories}[1 + n % 6], 30, now() - interval '400 days'
    from generate_series(1, ${PLANS}) n`);
  await t.db.execute(sql`
    insert into plan_topics (plan_id, title, order_index)
    select p.id, 'Topic ' || n, n from learning_plans p, generate_series(0, 4) n`);
  await t.db.execute(sql`
    insert into plan_resources (topic_id, title, url, type, order_index, duration_minutes)
    select t.id, 'Resource ' || n, 'https://example.com', ${types}[1 + (t.id + n) % 6], n,
      case when n % 2 = 0 then 10 + n * 5 end
    from plan_topics t, generate_series(0, 3) n`);
  await t.db.execute(sql`
    insert into resource_completions (user_id, resource_id, completed_at)
    select ${ownerId}, id, now() - (id % 300) * interval '1 day' from plan_resources where id % 2 = 0`);
  await t.db.execute(sql`
    insert into topic_progress (user_id, topic_id, status, updated_at)
    select ${ownerId}, id, case when id % 3 = 0 then 'COMPLETED' else 'IN_PROGRESS' end,
      now() - (id % 300) * interval '1 day'
    from plan_topics where id % 3 <> 1`);
  for (const [userId, count] of [[ownerId, EVENTS], ...otherIds.map((id) => [id, OTHER_EVENTS])] as const) {
    await t.db.execute(sql`
      insert into activities (user_id, type, occurred_at, plan_id, topic_id, resource_id,
        minutes, progress_percentage)
      select ${userId}, kind, now() - n * interval '1 hour' * 365 * 24 / ${count}, t.plan_id, t.id,
        case when kind = 'RESOURCE_COMPLETED' then r.id end,
        case when kind = 'RESOURCE_COMPLETED' then r.duration_minutes end,
        case when kind = 'LEARNING_PROGRESS' then (n * 7) % 101 end
      from generate_series(1, ${count}) n
      cross join lateral (
        select (array['LEARNING_PROGRESS','LEARNING_PROGRESS',
          'RESOURCE_COMPLETED','TOPIC_COMPLETED'])[1 + n % 4] as kind
      ) k
      join plan_topics t on t.id = 1 + n % ${PLANS * 5}
      join plan_resources r on r.topic_id = t.id and r.order_index = n % 4`);
  }
  // Fresh statistics, as autovacuum keeps them on a live database.
  await t.db.execute(sql`analyze`);
}

function percentile(values: number[], rank: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * rank)]!;
}

function isoDay(date: Date) {
  return date.toISOString().slice(0, 10);
}

function ms(value: number) {
  return `${value.toFixed(1)} ms`;
}
