import autocannon from 'autocannon';
import { readManifest } from '../seed/manifest.js';
import { load, sending } from './load.js';
import { startAppServer } from './processes.js';
import { describeMachine } from './run.js';
import { allScenarios, type BenchRequest } from './scenarios.js';

export type SoakOptions = {
  dataDir: string;
  seconds: number;
  connections: number;
  /** The share of the measured peak sent during the soak. */
  loadShare: number;
  log?: (line: string) => void;
};

/** One write in this many requests; the rest spread evenly over every read scenario. */
const WRITE_EVERY = 5;
/** The peak is measured this long, after a warm-up of the same length. */
const PEAK_SECONDS = 15;
const RSS_SAMPLE_MS = 30_000;
/** How much the server's RSS may grow from the end of the warm-up to the end of the soak. */
export const RSS_GROWTH_LIMIT = 0.1;

/** Every read scenario in turn, with the write mix (likes and comments) in between. */
function mixedRequests(dataDir: string): () => BenchRequest {
  const scenarios = allScenarios(readManifest(dataDir));
  const reads = scenarios.filter((scenario) => scenario.kind === 'read');
  const writes = scenarios.filter((scenario) => scenario.kind === 'write');
  let n = 0;
  return () => {
    n++;
    return n % WRITE_EVERY === 0 ? writes[n % writes.length]!.next() : reads[n % reads.length]!.next();
  };
}

const percentFrom = (from: number, to: number) => ((to - from) / from) * 100;
const signed = (percent: number) => `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/**
 * `--soak`: measures the peak req/s of the mixed load (after a warm-up), then sends `loadShare` of it for
 * `seconds` at a fixed rate; reports the server's RSS every 30 s, and errors, req/s and latency per
 * minute. `ok` is false when RSS grew more than RSS_GROWTH_LIMIT from the end of the warm-up.
 */
export async function runSoak(options: SoakOptions) {
  const log = options.log ?? console.log;
  const next = mixedRequests(options.dataDir);
  const app = await startAppServer(options.dataDir);
  try {
    log(`machine: ${describeMachine()}`);
    const peakOptions = { connections: options.connections, seconds: PEAK_SECONDS };
    await load(app.url, next, peakOptions);
    const peak = await load(app.url, next, peakOptions);
    const rate = Math.max(1, Math.round(peak.requestsPerSecond * options.loadShare));
    log(
      `peak of the mix (1 write : ${WRITE_EVERY - 1} reads, ${options.connections} connections): ` +
        `${Math.round(peak.requestsPerSecond)} req/s, p99 ${peak.p99} ms, ${peak.errors} errors; ` +
        `soaking at ${rate} req/s`,
    );

    const minutes: { latencies: number[]; errors: number }[] = [];
    const started = Date.now();
    const minute = () => {
      // Answers to the last requests may arrive just after the end: they count in the last minute.
      const index = Math.min(
        Math.floor((Date.now() - started) / 60_000),
        Math.ceil(options.seconds / 60) - 1,
      );
      minutes[index] ??= { latencies: [], errors: 0 };
      return minutes[index]!;
    };
    // The warm-up and the peak's measurement have filled the caches and pools: RSS is measured from here.
    const rss = [app.rssMb()];
    const sample = () => {
      rss.push(app.rssMb());
      const seconds = Math.round((Date.now() - started) / 1000);
      log(
        `RSS after ${seconds} s: ${rss.at(-1)} MB ` +
          `(${signed(percentFrom(rss[0]!, rss.at(-1)!))} since warm-up)`,
      );
    };
    log(`RSS after the warm-up: ${rss[0]} MB`);
    const sampler = setInterval(sample, RSS_SAMPLE_MS);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: app.url,
          connections: options.connections,
          duration: options.seconds,
          overallRate: rate,
          requests: sending(next),
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        const bucket = minute();
        bucket.latencies.push(Math.round(responseTime));
        if (statusCode < 200 || statusCode >= 300) bucket.errors++;
      });
      instance.on('reqError', () => {
        minute().errors++;
      });
    });
    clearInterval(sampler);
    sample();

    const rows = minutes.map((bucket, i) => {
      const sorted = bucket.latencies.sort((a, b) => a - b);
      const seconds = Math.min(60, options.seconds - i * 60);
      const cells = [
        i + 1,
        Math.round(sorted.length / seconds),
        percentile(sorted, 50),
        percentile(sorted, 99),
        sorted.at(-1) ?? 0,
        bucket.errors,
      ];
      return `| ${cells.join(' | ')} |`;
    });
    const growth = percentFrom(rss[0]!, rss.at(-1)!);
    log(
      [
        '',
        '| minute | req/s | p50 ms | p99 ms | max ms | errors |',
        '| -----: | ----: | -----: | -----: | -----: | -----: |',
        ...rows,
        '',
        `errors: ${result.errors + result.timeouts + result.non2xx} ` +
          `(${result.timeouts} timeouts, ${result.non2xx} non-2xx) of ${result.requests.total} requests`,
        `RSS: ${rss[0]} MB after the warm-up, ${Math.max(...rss)} MB at most, ` +
          `${rss.at(-1)} MB at the end (${signed(growth)})`,
      ].join('\n'),
    );
    const ok = growth <= RSS_GROWTH_LIMIT * 100;
    log(
      ok
        ? `soak: ok (RSS grew ${signed(growth)}, at most +${RSS_GROWTH_LIMIT * 100} % allowed)`
        : `soak: FAILED: the server's RSS grew ${signed(growth)} after the warm-up ` +
            `(${rss[0]} MB to ${rss.at(-1)} MB), more than the +${RSS_GROWTH_LIMIT * 100} % allowed: ` +
            'look for what grows (caches without bounds, listeners)',
    );
    return { ok, rssMb: rss, growthPercent: growth };
  } finally {
    await app.stop();
  }
}
