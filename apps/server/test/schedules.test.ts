import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_SCHEDULE, SEND_CHECK_INS_JOB } from '../src/modules/notifications/check-ins.jobs.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;

beforeAll(async () => {
  // As the default embedded instance runs: job workers, no PUBLIC_URL.
  t = await createTestApp({ config: { publicUrl: undefined, schedules: true } });
});

afterAll(async () => {
  await t.close();
});

describe('periodic jobs', () => {
  it('schedules the group check-ins without PUBLIC_URL: they are in-app and need no link', async () => {
    const result = (await t.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = ${SEND_CHECK_INS_JOB}`,
    )) as unknown as { rows: { cron: string; timezone: string }[] };
    expect(result.rows).toEqual([{ cron: CHECK_IN_SCHEDULE, timezone: 'UTC' }]);
  });
});
