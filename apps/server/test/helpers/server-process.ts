import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const appRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * `npm test` builds the server before its server suites and says so here: their processes then start the
 * bundle production runs, which loads in about half the CPU time tsx needs to compile the sources.
 */
const builtByTestRun = process.env.PATHWISE_SERVER_BUILT === 'true';

/**
 * Starts the server in a process of its own, with only PATH and `env` as its environment: `src/main.ts`, or,
 * `built`, the bundle `npm run build` makes (what production runs), or another entry point of the server's
 * sources, `script`.
 */
export function startServer(
  env: Record<string, string>,
  { built = builtByTestRun, script }: { built?: boolean; script?: string } = {},
): ServerProcess {
  let output = '';
  const entry =
    built && !script
      ? ['--enable-source-maps', 'dist/main.js']
      : ['--import', 'tsx', script ?? 'src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: appRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', NODE_ENV: 'production', ...env },
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { process: child, output: () => output, exited };
}

/**
 * How many times a test looks, 100 ms apart, for a server started from the sources to listen: on a fresh
 * embedded database, on a busy two-core machine, that has taken over 90 s, so it may take 180.
 */
export const STARTUP_CHECKS = 1800;

/** The server's base URL once it listens (started with HOST=127.0.0.1), within `STARTUP_CHECKS`. */
export async function waitForListening(server: ServerProcess): Promise<string> {
  for (let i = 0; i < STARTUP_CHECKS; i++) {
    const match = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

/** Stops the server gracefully and waits until it has exited. */
export async function stopServer(server: ServerProcess): Promise<void> {
  server.process.kill('SIGTERM');
  await server.exited;
}
