import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterStore, createMemoryCounterStore } from '../src/lib/counters/counter-store.js';
import { createDatabaseCounterStore } from '../src/lib/counters/database-counter-store.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const stores: [string, () => CounterStore][] = [
  ['in memory', () => createMemoryCounterStore()],
  [
    'in the database',
    () =>
      createDatabaseCounterStore(database.db, (error) => {
        throw error;
      }),
  ],
];

describe.each(stores)('counters %s', (_, createStore) => {
  let counters: CounterStore;
  beforeAll(() => {
    counters = createStore();
  });
  afterAll(() => counters.close());

  it('count up within a window, and reading leaves them as they are', async () => {
    expect(await counters.increment('a', 60_000)).toEqual({ count: 1, ttlMs: expect.any(Number) });
    const second = await counters.increment('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    const [a, unknown] = await counters.read(['a', 'never-counted']);
    expect(a!.count).toBe(2);
    expect(unknown).toEqual({ count: 0, ttlMs: 0 });
    expect((await counters.read(['a']))[0]!.count).toBe(2);
  });

  it('start again at 1 once the window has passed, or after a reset', async () => {
    await counters.increment('short', 20);
    await counters.increment('short', 20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await counters.read(['short'])).toEqual([{ count: 0, ttlMs: 0 }]);
    expect((await counters.increment('short', 60_000)).count).toBe(1);

    await counters.increment('reset', 60_000);
    await counters.reset('reset');
    expect((await counters.increment('reset', 60_000)).count).toBe(1);
  });

  it('count every one of many simultaneous increments', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => counters.increment('rush', 60_000)));
    expect(counts.map(({ count }) => count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
