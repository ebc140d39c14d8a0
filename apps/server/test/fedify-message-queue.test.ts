import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFedifyMessageQueue } from '../src/lib/fedify-message-queue.js';
import { createJobQueue, type JobQueue } from '../src/lib/jobs.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

// Fedify's queue on pg-boss, worked by two processes (two job queues on one database): messages with the
// same ordering key (an object's Create, Update and Delete to one server) run one at a time, in order.

type Run = { n: number; started: number; ended: number };

let database: TestDatabase;
const runs: Run[] = [];
let queues: { jobs: JobQueue; fedify: ReturnType<typeof createFedifyMessageQueue> }[];

beforeAll(async () => {
  database = await createTestDatabase();
  queues = [1, 2].map(() => {
    const jobs = createJobQueue(database, pino({ level: 'silent' }), { runWorkers: true });
    const fedify = createFedifyMessageQueue(jobs);
    fedify.runTasks(async (message: { n: number }) => {
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      runs.push({ n: message.n, started, ended: Date.now() });
    });
    return { jobs, fedify };
  });
  for (const { jobs } of queues) await jobs.start();
});

afterAll(async () => {
  for (const { jobs } of queues ?? []) await jobs.stop();
  await database?.drop();
});

const until = async (count: number) => {
  for (let i = 0; i < 300 && runs.length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(runs).toHaveLength(count);
};

describe("Fedify's message queue", () => {
  it('runs messages with one ordering key one at a time, in order, across processes', async () => {
    const [first] = queues;
    for (const n of [1, 2, 3, 4, 5, 6]) await first!.fedify.enqueue({ n }, { orderingKey: 'note-1\nserver' });
    await until(6);
    expect(runs.map((run) => run.n)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [before, after] of runs.slice(1).map((run, i) => [runs[i]!, run] as const))
      expect(after.started).toBeGreaterThanOrEqual(before.ended);
  });

  it('runs every message without a key or with keys of their own, none held behind another', async () => {
    runs.length = 0;
    const [, second] = queues;
    for (const n of [1, 2, 3, 4, 5, 6])
      await second!.fedify.enqueue({ n }, n % 2 ? {} : { orderingKey: `note-${n}\nserver` });
    await until(6);
    expect(runs.map((run) => run.n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
