/**
 * Publishing a public plan responses in the same time whether its author has 10 or 100,000 followers:
 * the followers are notified by background jobs (pg-boss), not in the request.
 *
 *   npx tsx bench/fanout.ts                                              # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/fanout.ts   # PostgreSQL
 *
 * Seeds two authors with FEW and MANY followers in SQL, then times RUNS publish requests of each
 * (in-process: routing, SQL, enqueueing; no network) with the job workers off, so the requests do not
 * compete with the fan-out. Then one process with workers drains one plan's announcement to the MANY
 * followers and prints how long that took. On PostgreSQL a database of its own is created and dropped.
 */
import { buildApp } from '../apps/server/src/app.js';
import { bearer, signUp } from '../apps/server/test/helpers/accounts.js';
import { createTestApp, testConfig } from '../apps/server/test/helpers/app.js';
import { planShareCount, seedFollowers } from '../apps/server/test/helpers/followers.js';
import { planBody } from '../apps/server/test/helpers/plans.js';

const RUNS = 20;
const FEW = 10;
const MANY = 100_000;

const t = await createTestApp({ config: { jobWorkers: false } });
try {
  const few = await signUp(t, { name: 'Few Followers' });
  const many = await signUp(t, { name: 'Many Followers' });
  const seeding = performance.now();
  await seedFollowers(t.db, few.user.id, FEW, 'fewfan');
  await seedFollowers(t.db, many.user.id, MANY, 'manyfan');
  console.log(`seeded ${FEW} + ${MANY} followers in ${ms(performance.now() - seeding)}`);

  const publish = async (token: string) => {
    const before = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/learning-plans',
      headers: bearer(token),
      payload: planBody({ title: 'Benchmarked plan' }),
    });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return { ms: performance.now() - before, planId: (res.json() as { id: number }).id };
  };
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const manyPlans: number[] = [];
  for (const [label, account] of [
    [FEW, few],
    [MANY, many],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      const { ms: took, planId } = await publish(account.token);
      if (account === many) manyPlans.push(planId);
      if (run >= 3) times.push(took); // after warm-up
    }
    console.log(
      `${where}, publish with ${label.toLocaleString('en')} followers: ` +
        `median ${ms(percentile(times, 0.5))}, p90 ${ms(percentile(times, 0.9))} (${RUNS} runs)`,
    );
  }

  // All but one announcement to MANY stop at their first job once their plan is gone.
  const announced = manyPlans.pop()!;
  for (const planId of manyPlans) {
    await t.app.inject({
      method: 'DELETE',
      url: `/api/learning-plans/${planId}`,
      headers: bearer(many.token),
    });
  }
  // A second app on the same database, with workers, drains the jobs.
  const workers = await buildApp({
    config: { ...testConfig, dataDir: t.dataDir },
    database: t.database,
    logger: false,
  });
  const draining = performance.now();
  while ((await planShareCount(t.db, announced)) < MANY) await new Promise((r) => setTimeout(r, 250));
  console.log(
    `${where}, one plan announced to ${MANY.toLocaleString('en')} followers ` +
      `by the jobs in ${ms(performance.now() - draining)}`,
  );
  await workers.close();
} finally {
  await t.close();
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function ms(value: number) {
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(1)} ms`;
}
