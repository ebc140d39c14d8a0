/**
 * `npm run bench:growth -- --size large=DATA_DIR@DATABASE_URL --size xlarge=DATA_DIR@DATABASE_URL
 * [--seconds 10] [--warmup 6] [--rounds 3] [--only …]`: the hot reads on each seeded size in turn, round
 * after round, then a table of their CPU time per request (Node + PostgreSQL, medians of the rounds) side
 * by side with the ratio of each size to the first: how the reads grow with the data (docs/scaling.md).
 */
import { parseArgs } from 'node:util';
import { runBench, type ScenarioResult } from './run.js';

/** The reads every page view makes, whose cost must not grow with the data. */
const HOT_READS = [
  'feed page 1 by',
  'feed page 50 by',
  'following feed page 0',
  'public plans',
  'profile',
  'notifications',
  'search: words, last one a prefix',
  'explore',
];

const { values } = parseArgs({
  options: {
    size: { type: 'string', multiple: true, default: [] },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});

const sizes = values.size.map((option) => {
  const match = /^([^=]+)=([^@]+)@(.+)$/.exec(option);
  if (!match) throw new Error(`--size must be name=DATA_DIR@DATABASE_URL, not ${option}`);
  return { name: match[1]!, dataDir: match[2]!, databaseUrl: match[3]! };
});
if (sizes.length < 2) throw new Error('give two --size or more, the first is the one compared with');

const cpuMs = (result: ScenarioResult) => result.serverCpuMs + result.databaseCpuMs;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** CPU ms per request by size, then by scenario, one value per round. */
const measured = new Map(sizes.map((size) => [size.name, new Map<string, number[]>()]));
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const size of sizes) {
    console.log(`round ${round}, ${size.name}`);
    // The bench's servers read DATABASE_URL from the environment.
    process.env.DATABASE_URL = size.databaseUrl;
    const run = await runBench({
      dataDir: size.dataDir,
      seconds: Number(values.seconds),
      warmupSeconds: Number(values.warmup),
      connections: Number(values.connections),
      only: values.only?.split(',') ?? HOT_READS,
      baseline: false,
      ceiling: false,
      log: () => {},
    });
    for (const result of run.results) {
      const rounds = measured.get(size.name)!;
      rounds.set(result.name, [...(rounds.get(result.name) ?? []), cpuMs(result)]);
      if (result.errors > 0) console.log(`  ${result.name}: ${result.errors} errors`);
    }
  }
}

const [first, ...others] = sizes;
const header = [
  'scenario',
  ...sizes.map((size) => `${size.name} CPU ms/req`),
  ...others.map((size) => `${size.name} / ${first!.name}`),
];
const scenarios = [...measured.get(first!.name)!.keys()];
const rows = scenarios.map((name) => {
  const cpu = sizes.map((size) => median(measured.get(size.name)!.get(name) ?? [Number.NaN]));
  return [name, ...cpu.map((ms) => ms.toFixed(2)), ...cpu.slice(1).map((ms) => (ms / cpu[0]!).toFixed(2))];
});
const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(
  [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n') +
    `\n\nmedians of ${values.rounds} rounds, Node + PostgreSQL CPU per request`,
);
