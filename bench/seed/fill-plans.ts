import { CATEGORIES, RESOURCE_TYPES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { idOfRank, nthOther, powerLaw, shareOfRank, skewedRank } from './power-law.js';
import { RESOURCES_PER_TOPIC, type Sizes, TOPICS_PER_PLAN } from './presets.js';
import { randomOf, randomWords } from './vocabulary.js';

const RESOURCES_PER_PLAN = TOPICS_PER_PLAN * RESOURCES_PER_TOPIC;
/** Uploaded PDFs need files; every generated resource is a link. */
const LINK_TYPES = RESOURCE_TYPES.filter((type) => type !== 'PDF');

/** Plans 1…n over the last year, six in seven public, each with its topics and their resources. */
export async function fillPlans(db: Database, sizes: Sizes) {
  const { users, plans } = sizes;
  await db.execute(sql`
    insert into learning_plans (id, creator_id, title, description, category, is_public, estimated_days,
      start_date, target_completion_date, created_at, updated_at)
    overriding system value
    select i, ${idOfRank(skewedRank(users), users)}, initcap(${randomWords(4)}), ${randomWords(25)},
      ${sql.raw(randomOf(CATEGORIES))}, i % 7 <> 0, 7 + i % 84,
      case when i % 2 = 0 then made.at::date end, case when i % 2 = 0 then made.at::date + 7 + i % 84 end,
      made.at, made.at
    from generate_series(1, ${plans}) i
    cross join lateral (select now() - interval '365 days' * (${plans} - i + random())
        / ${plans} as at) made`);
  // Topic and resource ids follow from the plan's, so progress below can name them without a look-up.
  await db.execute(sql`
    insert into plan_topics (id, plan_id, title, description, order_index)
    overriding system value
    select (p.id - 1) * ${TOPICS_PER_PLAN} + o + 1, p.id, initcap(${randomWords(3, 'o')}),
      case when o % 2 = 0 then ${randomWords(10, 'o')} end, o
    from learning_plans p cross join generate_series(0, ${TOPICS_PER_PLAN - 1}) o`);
  await db.execute(sql`
    insert into plan_resources (id, topic_id, title, url, type, description, order_index, duration_minutes)
    overriding system value
    select (t.id - 1) * ${RESOURCES_PER_TOPIC} + o + 1, t.id, initcap(${randomWords(3, 'o')}),
      'https://example.com/learn/' || (t.id - 1) * ${RESOURCES_PER_TOPIC} + o + 1,
      (array['${sql.raw(LINK_TYPES.join("','"))}'])[1 + (t.id + o) % ${LINK_TYPES.length}],
      case when o = 0 then ${randomWords(8, 'o')} end, o,
      case when (t.id + o) % 2 = 0 then 10 + (t.id * 7 + o) % 12 * 5 end
    from plan_topics t cross join generate_series(0, ${RESOURCES_PER_TOPIC - 1}) o`);
}

/**
 * Who tracks which plan and how far they got (0–20 resources, done in order): a temporary table the
 * progress rows and their history are made from. Popular plans have many trackers; private plans
 * only their creator. About `pairs` (user, plan) pairs in all.
 */
export async function chooseTrackers(db: Database, sizes: Sizes, pairs: number) {
  const trackers = powerLaw(pairs, sizes.plans, 1, sizes.users);
  await db.execute(sql`
    create temporary table bench_trackers on commit drop as
    select pl.id as plan_id, ${nthOther(sql`pl.creator_id`, sql`j`, sizes.users)} as user_id,
      ((pl.id * 31 + j * 17) % ${RESOURCES_PER_PLAN + 1})::int as level,
      pl.created_at + (now() - pl.created_at) * random() / 2 as started_at
    from generate_series(1, ${sizes.plans}) r
    join learning_plans pl on pl.id = ${idOfRank(sql`r`, sizes.plans)}
    cross join lateral generate_series(0, ${shareOfRank(trackers, sql`r`)} - 1) j
    where pl.is_public or j = 0`);
  await db.execute(sql`delete from bench_trackers where level = 0`);
}

/** SQL: when a tracker completed their `step`-th resource (0-based): evenly between starting and now. */
const stepTime = (step: string) =>
  sql.raw(`tr.started_at + (now() - tr.started_at) * (${step} + 1) / (tr.level + 1)`);

/** Each tracker's completed resources and topic statuses (the state plan pages show). */
export async function fillProgress(db: Database) {
  await db.execute(sql`
    insert into resource_completions (user_id, resource_id, completed_at)
    select tr.user_id, (tr.plan_id - 1) * ${RESOURCES_PER_PLAN} + g + 1, ${stepTime('g')}
    from bench_trackers tr cross join lateral generate_series(0, tr.level - 1) g`);
  await db.execute(sql`
    insert into topic_progress (user_id, topic_id, status, updated_at)
    select tr.user_id, (tr.plan_id - 1) * ${TOPICS_PER_PLAN} + o + 1,
      case when (o + 1) * ${RESOURCES_PER_TOPIC} <= tr.level then 'COMPLETED' else 'IN_PROGRESS' end,
      ${stepTime(`least(tr.level, (o + 1) * ${RESOURCES_PER_TOPIC}) - 1`)}
    from bench_trackers tr cross join generate_series(0, ${TOPICS_PER_PLAN - 1}) o
    where o * ${RESOURCES_PER_TOPIC} < tr.level`);
}

/**
 * The learning history that progress left, as the server records it: each completed resource adds the
 * plan's new percentage and the completion, and the last resource of a topic completes the topic.
 */
export async function fillProgressHistory(db: Database) {
  await db.execute(sql`
    insert into activities (user_id, type, occurred_at, plan_id, topic_id, topic_title, resource_id,
      resource_title, minutes, progress_percentage)
    select tr.user_id, k.type, ${stepTime('g')}, tr.plan_id,
      case when k.type <> 'LEARNING_PROGRESS' then t.id end,
      case when k.type <> 'LEARNING_PROGRESS' then t.title end,
      case when k.type = 'RESOURCE_COMPLETED' then r.id end,
      case when k.type = 'RESOURCE_COMPLETED' then r.title end,
      case when k.type = 'RESOURCE_COMPLETED' then r.duration_minutes end,
      case when k.type = 'LEARNING_PROGRESS' then
        ((g + 1) / ${RESOURCES_PER_TOPIC} * 100 / ${TOPICS_PER_PLAN})::smallint end
    from bench_trackers tr
    cross join lateral generate_series(0, tr.level - 1) g
    join plan_resources r on r.id = (tr.plan_id - 1) * ${RESOURCES_PER_PLAN} + g + 1
    join plan_topics t on t.id = r.topic_id
    cross join (values ('LEARNING_PROGRESS'), ('RESOURCE_COMPLETED'), ('TOPIC_COMPLETED')) k(type)
    where k.type <> 'TOPIC_COMPLETED' or (g + 1) % ${RESOURCES_PER_TOPIC} = 0`);
}
