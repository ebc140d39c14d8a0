import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSecret } from '../bench-secret.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const baselineEntry = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type Process = {
  url: string;
  /** Resident memory of the process now, in MB (VmRSS). */
  rssMb(): number;
  /** CPU time the process has used so far, in ms. */
  cpuMs(): number;
  /** Everything the process wrote to stdout so far. */
  output(): string;
  stop(): Promise<void>;
};

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** utime + stime of /proc/<pid>/stat, in ms (fields 14 and 15, after the parenthesised name). */
function cpuMsOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** The database in a backend's title, "postgres: [cluster: ]user database host(port) state". */
function databaseOfBackend(cmdline: string) {
  const words = cmdline.replaceAll('\0', ' ').split(' ').filter(Boolean);
  if (words[0] !== 'postgres:') return undefined;
  const afterCluster = words[1]?.endsWith(':') ? 2 : 1;
  return words[afterCluster + 1];
}

/** CPU time used so far by each PostgreSQL backend connected to `database` on this machine, in ms, by pid. */
function backendCpuMs(database: string) {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (databaseOfBackend(readFileSync(`/proc/${entry}/cmdline`, 'utf8')) === database)
        byPid.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/** How often backends are looked at: a backend that ends takes at most this much unseen time with it. */
const BACKEND_POLL_MS = 100;

/**
 * Measures the CPU time of the PostgreSQL backends connected to `database` (the server the bench's
 * DATABASE_URL points at runs here) from now until `stop()`, in ms; 0 without a database. Other
 * work on the same PostgreSQL server is not counted, nor are its shared processes (WAL writer,
 * checkpointer, autovacuum). Backends are polled, so those that end in between (pgbench's) are
 * counted up to their last poll.
 */
export function measurePostgresCpu(database: string | undefined) {
  if (!database) return { stop: () => 0 };
  const before = backendCpuMs(database);
  const latest = new Map(before);
  const poll = () => {
    for (const [pid, ms] of backendCpuMs(database)) latest.set(pid, ms);
  };
  const timer = setInterval(poll, BACKEND_POLL_MS);
  return {
    stop() {
      clearInterval(timer);
      poll();
      let total = 0;
      for (const [pid, ms] of latest) total += ms - (before.get(pid) ?? 0);
      return total;
    },
  };
}

function rssMbOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** Starts `args` with node and waits until GET `readyPath` answers 200 (or the process dies). */
async function start(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
): Promise<Process> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...env, PORT: String(port) },
    stdio: 'pipe',
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}${readyPath}`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) {
      const pid = child.pid!;
      return { url, rssMb: () => rssMbOf(pid), cpuMs: () => cpuMsOf(pid), output: () => stdout, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${args.join(' ')} did not start:\n${output}`);
}

/**
 * The built Pathwise server (npm run build) on DATA_DIR, and on DATABASE_URL when that is set;
 * `env` adds settings (DATABASE_LOG_STATEMENTS for the SQL ceiling).
 */
export async function startAppServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Process> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first`);
  const serverEnv = {
    ...process.env,
    ...benchSecret(dataDir),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...env,
  };
  return start([serverEntry], serverEnv, await freePort(), '/api/health');
}

/** The bare Fastify server the scenarios are compared with. */
export async function startBaselineServer(): Promise<Process> {
  return start(['--import', 'tsx', baselineEntry], process.env, await freePort(), '/baseline?bytes=2');
}
