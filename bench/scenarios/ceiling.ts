import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Process } from './processes.js';
import type { BenchRequest, Scenario } from './scenarios.js';

const run = promisify(execFile);

/** A statement the server sent, with its parameters as node-postgres sent them. */
type Statement = { sql: string; params: unknown[] };

/** One request's statements, as a pgbench script. */
type Script = { text: string; statements: number };

const PGBENCH_PATHS = ['pgbench', '/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench'];

/** The pgbench to replay statements with, or null when there is none on this machine. */
export async function findPgbench(): Promise<string | null> {
  for (const candidate of PGBENCH_PATHS) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    const found = await run(candidate, ['--version']).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  return null;
}

/**
 * A parameter written as the untyped literal node-postgres's text parameter amounts to (it sends
 * every parameter as text of unknown type, which PostgreSQL resolves from the context): arrays as
 * array literals, objects as JSON.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return `'${textOf(value).replaceAll("'", "''")}'`;
}

function textOf(value: unknown): string {
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return textOf(value);
  return `"${textOf(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The statement with its parameters written in: pgbench's own variables are numbers only, and a
 * statement without parameters is planned once when pgbench prepares it, which is the ceiling
 * (its plan reused, knowing the values).
 */
function inlined({ sql, params }: Statement) {
  const text = sql.replace(/\$(\d+)/g, (_match, index: string) => literal(params[Number(index) - 1]));
  // pgbench reads `:name` as one of its variables; SQL's `::type` casts are left alone by it.
  return `${text.trim().replace(/;$/, '')};`;
}

/** The statement lines among the server's output (other lines skipped). */
function statementsIn(output: string): Statement[] {
  const statements: Statement[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"sql":')) continue;
    statements.push(JSON.parse(line) as Statement);
  }
  return statements;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the child's output has been quiet for 20 ms: its statement lines reach us after the
 * response, later still on a busy machine, and a line read into the next request's window would leave
 * a script with a `begin` and no `commit`.
 */
async function outputSettled(server: Process) {
  for (let length = -1; length !== server.output().length; ) {
    length = server.output().length;
    await pause(20);
  }
}

async function send(url: string, { method, path: requestPath, token, body }: BenchRequest) {
  const res = await fetch(`${url}${requestPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body ?? null,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${method} ${requestPath} answered ${res.status}`);
}

/**
 * The statements the server sends for `samples` requests of `scenario`, one pgbench script per
 * request, read from a server started with DATABASE_LOG_STATEMENTS=true. Requests are sent one at a
 * time, so every statement logged in between belongs to the request. Each is sent twice and the
 * second is kept: under load every viewer asks again and again, so what a process keeps between
 * requests (the token's account, db/session-cache.ts) is already kept.
 */
export async function captureScripts(
  server: Process,
  scenario: Scenario,
  samples: number,
): Promise<Script[]> {
  const scripts: Script[] = [];
  for (let i = 0; i < samples; i++) {
    const request = scenario.next();
    await send(server.url, request);
    await outputSettled(server);
    const from = server.output().length;
    await send(server.url, request);
    await outputSettled(server);
    const statements = statementsIn(server.output().slice(from));
    if (statements.length === 0) throw new Error(`${scenario.name}: the server logged no statement`);
    scripts.push({ text: `${statements.map(inlined).join('\n')}\n`, statements: statements.length });
  }
  return scripts;
}

export type CeilingResult = {
  /**
   * Requests' statements per second over `clients` connections, each script run as one pgbench transaction.
   */
  tps: number;
  /** How many statements one request sends (the first sample's). */
  statements: number;
};

/**
 * Replays `scripts` with `pgbench -M prepared` (each statement parsed and planned once per
 * connection, then only executed) from `clients` connections for `seconds`.
 */
export async function replay(
  pgbench: string,
  databaseUrl: string,
  scripts: Script[],
  { clients, seconds }: { clients: number; seconds: number },
): Promise<CeilingResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pathwise-ceiling-'));
  try {
    const files = scripts.map((script, index) => {
      const file = path.join(dir, `request-${index}.sql`);
      writeFileSync(file, script.text);
      return file;
    });
    const threads = Math.min(clients, os.availableParallelism());
    const { stdout } = await run(
      pgbench,
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${clients}`,
        `--jobs=${threads}`,
        `--time=${seconds}`,
        ...files.flatMap((file) => ['--file', file]),
        databaseUrl,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Number(tps), statements: scripts[0]?.statements ?? 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
