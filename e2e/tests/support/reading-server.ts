import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_JWT_SECRET, E2E_PORT } from '../../settings.mjs';

/** The second server's port: next to the run's own server and its identity and mail servers. */
export const READING_PORT = Number(process.env.E2E_READING_PORT ?? E2E_PORT + 12);
export const READING_BASE_URL = `http://127.0.0.1:${READING_PORT}`;

/**
 * The built server with PUBLIC_READING=true on a data directory of its own, for the specs that
 * need an instance open to visitors; the run's own server (serve.mjs) keeps the default. Started
 * once for the spec file and stopped after it.
 */
export const startReadingServer = () => startBuiltServer(READING_PORT, { PUBLIC_READING: 'true' });

/** The built server on `port` with `settings` besides the run's own, on a data directory of its own. */
export async function startBuiltServer(
  port: number,
  settings: NodeJS.ProcessEnv,
): Promise<{ stop: () => Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathwise-e2e-extra-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: E2E_JWT_SECRET,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    NODE_ENV: 'production',
    ...settings,
  };
  // The embedded database keeps the spec independent of any PostgreSQL server the run may use.
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, '..', '..', '..', 'apps', 'server', 'dist', 'main.js')],
    { stdio: 'inherit', env },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server on ${port} exited with ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server on ${port} did not answer within two minutes`);
}
