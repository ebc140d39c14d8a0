import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BenchManifest, readManifest } from '../seed/manifest.js';
import { type CeilingResult, captureScripts, findPgbench, replay } from './ceiling.js';
import { type LoadResult, load, meanBodyBytes } from './load.js';
import { measurePostgresCpu, type Process, startAppServer, startBaselineServer } from './processes.js';
import { allScenarios, type Scenario } from './scenarios.js';

export type RunOptions = {
  /** The DATA_DIR the generator filled (its manifest is read from there). */
  dataDir: string;
  seconds: number;
  /** Load sent before each measured scenario (JIT, caches); 0 for none. */
  warmupSeconds: number;
  connections: number;
  /** Only the scenarios whose name contains one of these (case-insensitive). */
  only?: string[] | undefined;
  /** Measure the bare Fastify baseline after each scenario (else ratios are not computed). */
  baseline: boolean;
  /** On PostgreSQL, replay each read scenario's statements with pgbench after it (the SQL ceiling). */
  ceiling: boolean;
  log?: (line: string) => void;
};

export type ScenarioResult = LoadResult & {
  name: string;
  kind: Scenario['kind'];
  bodyBytes: number;
  /** The server's resident memory at the end of the scenario. */
  rssMb: number;
  /** CPU time per request: the server process's, and PostgreSQL's (0 on PGlite, which runs inside it). */
  serverCpuMs: number;
  databaseCpuMs: number;
  /**
   * CPU time per request of this process sending the load (autocannon, and its sampling of PostgreSQL's
   * backends in /proc): it shares the machine's cores with the server, where the ceiling's pgbench costs
   * next to nothing.
   */
  loadCpuMs: number;
  baseline: (LoadResult & { serverCpuMs: number }) | null;
  /** req/s of the scenario ÷ req/s of the baseline. */
  ratio: number | null;
  /** The scenario's own statements replayed by pgbench, with PostgreSQL's CPU time per replayed request. */
  ceiling: (CeilingResult & { databaseCpuMs: number }) | null;
  /** req/s of the scenario ÷ the ceiling's requests per second. */
  ceilingRatio: number | null;
};

/** pgbench connections replaying a scenario's statements. */
const CEILING_CLIENTS = 8;
/** Requests whose statements are captured per scenario (pgbench picks one at random per transaction). */
const CEILING_SAMPLES = 20;

export type BenchRun = {
  machine: string;
  startedAt: string;
  manifest: Omit<BenchManifest, 'viewers' | 'trackedPlans'>;
  options: Pick<RunOptions, 'seconds' | 'connections'>;
  results: ScenarioResult[];
};

export function describeMachine() {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memoryGb = Math.round(os.totalmem() / 2 ** 30);
  return (
    `${os.availableParallelism()} cores (${cpu}), ${memoryGb} GiB RAM, ` +
    `Node ${process.version}, ${os.type()} ${os.release()}`
  );
}

function selected(scenarios: Scenario[], only: string[] | undefined) {
  if (!only) return scenarios;
  const wanted = only.map((name) => name.toLowerCase());
  const chosen = scenarios.filter((s) => wanted.some((name) => s.name.toLowerCase().includes(name)));
  if (chosen.length === 0) throw new Error(`no scenario matches ${only.join(', ')}`);
  return chosen;
}

function checkDatabase(manifest: BenchManifest) {
  const onServer = Boolean(process.env.DATABASE_URL);
  if (onServer !== (manifest.database === 'postgres')) {
    throw new Error(
      `the data was seeded into ${manifest.database}: ${onServer ? 'unset' : 'set'} DATABASE_URL to serve it`,
    );
  }
}

/** CPU time (user + system) this process has used since `before`, in ms. */
function cpuMsSince(before: NodeJS.CpuUsage) {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/** The database DATABASE_URL names, whose backends' CPU time is measured. */
const serverDatabaseName = () =>
  process.env.DATABASE_URL
    ? decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1))
    : undefined;

/**
 * Each read scenario's statements, captured from a server of its own that logs them
 * (DATABASE_LOG_STATEMENTS), so the measured server pays nothing for it. That server keeps no page
 * (PAGE_CACHE=false): the ceiling of a kept page is the SQL that builds it, which the kept page
 * must beat, not the viewer's small statement it still runs.
 */
async function captureCeilingScripts(dataDir: string, scenarios: Scenario[]) {
  const scripts = new Map<string, Awaited<ReturnType<typeof captureScripts>>>();
  const capture = await startAppServer(dataDir, { DATABASE_LOG_STATEMENTS: 'true', PAGE_CACHE: 'false' });
  try {
    for (const scenario of scenarios) {
      if (scenario.kind === 'read')
        scripts.set(scenario.name, await captureScripts(capture, scenario, CEILING_SAMPLES));
    }
  } finally {
    await capture.stop();
  }
  return scripts;
}

/**
 * Starts the built server on the seeded data and the baseline server, each in a process of its own,
 * then runs every scenario against the server followed by the baseline with bodies of the same size.
 */
export async function runBench(options: RunOptions): Promise<BenchRun> {
  const log = options.log ?? console.log;
  const full = readManifest(options.dataDir);
  checkDatabase(full);
  const { viewers: _viewers, trackedPlans: _trackedPlans, ...manifest } = full;
  const run: BenchRun = {
    machine: describeMachine(),
    startedAt: new Date().toISOString(),
    manifest,
    options: { seconds: options.seconds, connections: options.connections },
    results: [],
  };
  log(`machine: ${run.machine}`);
  log(`data: ${manifest.preset} preset on ${manifest.database}, ${JSON.stringify(manifest.rows)}`);
  log(`load: ${options.connections} connections, ${options.seconds} s per scenario\n`);

  const database = serverDatabaseName();
  const pgbench = options.ceiling && database ? await findPgbench() : null;
  if (options.ceiling && database && !pgbench) log('pgbench not found: no SQL ceiling');
  const scenarios = selected(allScenarios(full), options.only);
  const ceilingScripts = pgbench ? await captureCeilingScripts(options.dataDir, scenarios) : new Map();

  const servers: Process[] = [];
  try {
    const app = await startAppServer(options.dataDir);
    servers.push(app);
    const baseline = options.baseline ? await startBaselineServer() : null;
    if (baseline) servers.push(baseline);
    const loadOptions = { connections: options.connections, seconds: options.seconds };
    const warmup = { connections: options.connections, seconds: options.warmupSeconds };

    for (const scenario of scenarios) {
      const bodyBytes = await meanBodyBytes(app.url, scenario.next, 20);
      if (warmup.seconds > 0) await load(app.url, scenario.next, warmup);
      const serverCpuBefore = app.cpuMs();
      const databaseCpu = measurePostgresCpu(database);
      const loadCpuBefore = process.cpuUsage();
      const measured = await load(app.url, scenario.next, loadOptions);
      const perRequest = (ms: number) => ms / Math.max(measured.requests, 1);
      const loadCpuMs = perRequest(cpuMsSince(loadCpuBefore));
      const serverCpuMs = perRequest(app.cpuMs() - serverCpuBefore);
      const databaseCpuMs = perRequest(databaseCpu.stop());
      const rssMb = app.rssMb();
      let baselineResult: ScenarioResult['baseline'] = null;
      if (baseline) {
        const next = () => ({
          ...scenario.next(),
          method: 'GET' as const,
          path: `/baseline?bytes=${bodyBytes}`,
        });
        if (warmup.seconds > 0) await load(baseline.url, next, warmup);
        const baselineCpuBefore = baseline.cpuMs();
        const baselineLoad = await load(baseline.url, next, loadOptions);
        const baselineCpuMs = (baseline.cpuMs() - baselineCpuBefore) / Math.max(baselineLoad.requests, 1);
        baselineResult = { ...baselineLoad, serverCpuMs: baselineCpuMs };
      }
      const ratio = baselineResult ? measured.requestsPerSecond / baselineResult.requestsPerSecond : null;
      const scripts = ceilingScripts.get(scenario.name);
      let ceiling: ScenarioResult['ceiling'] = null;
      if (pgbench && scripts) {
        const replayCpu = measurePostgresCpu(database);
        const replayed = await replay(pgbench, process.env.DATABASE_URL!, scripts, {
          clients: CEILING_CLIENTS,
          seconds: options.seconds,
        });
        const transactions = Math.max(replayed.tps * options.seconds, 1);
        ceiling = { ...replayed, databaseCpuMs: replayCpu.stop() / transactions };
      }
      const result = {
        name: scenario.name,
        kind: scenario.kind,
        bodyBytes,
        rssMb,
        serverCpuMs,
        databaseCpuMs,
        loadCpuMs,
        ...measured,
        baseline: baselineResult,
        ratio,
        ceiling,
        ceilingRatio: ceiling ? measured.requestsPerSecond / ceiling.tps : null,
      };
      run.results.push(result);
      log(
        `${scenario.name}: ${Math.round(measured.requestsPerSecond)} req/s, ` +
          `p50 ${measured.p50} ms, p99 ${measured.p99} ms, max ${measured.max} ms, ` +
          `CPU ${serverCpuMs.toFixed(2)} + ${databaseCpuMs.toFixed(2)} ms/req, ` +
          `${measured.errors} errors, RSS ${rssMb} MB` +
          (ratio === null ? '' : `, ${ratio.toFixed(2)} × baseline`) +
          (ceiling ? `, ceiling ${Math.round(ceiling.tps)} tps (${result.ceilingRatio!.toFixed(2)} ×)` : ''),
      );
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  writeFileSync(path.join(options.dataDir, 'bench-results.json'), `${JSON.stringify(run, null, 1)}\n`);
  return run;
}
