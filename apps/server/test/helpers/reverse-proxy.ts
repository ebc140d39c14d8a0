import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const deployedConfig = fileURLToPath(new URL('../../../../deploy/nginx/pathwise.conf', import.meta.url));

/** The nginx binary of this machine (Debian puts it in /usr/sbin), or undefined when there is none. */
export const nginxBinary = ['nginx', '/usr/sbin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0,
);

/** A port nothing listens on now, to start a server on (its address must be known before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * nginx running deploy/nginx/pathwise.conf as shipped, its two upstream addresses replaced by
 * `upstreams` (host:port) and its port by a free one on 127.0.0.1; files in a directory of its own.
 */
export async function startNginx(upstreams: [string, string]) {
  if (!nginxBinary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const directory = mkdtempSync(path.join(tmpdir(), 'pathwise-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(directory, temp));
  const port = await freePort();
  let upstream = 0;
  const site = readFileSync(deployedConfig, 'utf8')
    .replace(
      /^(\s*server )127\.0\.0\.1:808[12]/gm,
      (_match, prefix: string) => `${prefix}${upstreams[upstream++]}`,
    )
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (upstream !== 2) throw new Error('deploy/nginx/pathwise.conf no longer lists two upstream servers');
  writeFileSync(path.join(directory, 'pathwise.conf'), site);
  writeFileSync(
    path.join(directory, 'nginx.conf'),
    [
      // Run as root (CI), nginx hands requests to workers of another user; these must read our files.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${directory}/nginx.pid;`,
      `error_log ${directory}/error.log;`,
      'events {}',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${directory}/${kind === 'client_body' ? 'body' : kind};`,
      ),
      `  include ${directory}/pathwise.conf;`,
      '}',
    ].join('\n'),
  );
  const check = spawnSync(nginxBinary, ['-t', '-p', directory, '-c', `${directory}/nginx.conf`], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

  const child = spawn(nginxBinary, ['-p', directory, '-c', `${directory}/nginx.conf`, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch (error) {
      if (i === 100)
        throw new Error(`nginx did not start: ${readFileSync(`${directory}/error.log`, 'utf8')}`, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
