import { rmSync } from 'node:fs';
import webPush from 'web-push';
import { bearer, type TestAccount } from './accounts.js';
import { createMigratedServerDatabase, migratedDataDir, serverUrl } from './database.js';
import { overHttp } from './http-app.js';
import { freePort } from './reverse-proxy.js';
import { type ServerProcess, startServer, stopServer, waitForListening } from './server-process.js';

/**
 * Pathwise servers started from the sources with FEDERATION=true, each with its own database (PGlite,
 * or one on the server with DATABASE_URL), as other servers reach them: over HTTP, on a host of their own.
 */

export const MODERATOR = 'moderator@federation.test';
export const AP = 'application/activity+json';

export type Instance = {
  process: ServerProcess;
  origin: string;
  api: ReturnType<typeof overHttp>;
  cleanup: () => Promise<void>;
};

function vapidKeys() {
  const pair = webPush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
}

export async function startInstance(host: '127.0.0.1' | 'localhost'): Promise<Instance> {
  const port = await freePort();
  const dataDir = await migratedDataDir('pathwise-federation-');
  const database = serverUrl ? await createMigratedServerDatabase(serverUrl) : null;
  const origin = `http://${host}:${port}`;
  const server = startServer({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(database && {
      DATABASE_URL: database.url,
      JWT_SECRET: 'federation-test-secret-0123456789abcdef',
      // A server database needs the push keys given, as any several-process setup does.
      ...vapidKeys(),
    }),
    PUBLIC_URL: origin,
    FEDERATION: 'true',
    FEDERATION_ALLOW_PRIVATE: 'true',
    ADMIN_EMAILS: MODERATOR,
  });
  await waitForListening(server);
  return {
    process: server,
    origin,
    api: overHttp(origin),
    cleanup: async () => {
      await stopServer(server);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const showToVisitors = (instance: Instance, account: TestAccount) =>
  instance.api.app.inject({
    method: 'PUT',
    url: '/api/users/me/privacy',
    headers: bearer(account.token),
    payload: { showProfileToVisitors: true },
  });

/**
 * `account` on `from` follows whoever `address` names (a profile's address or an actor). The lookup
 * answers within 5 s or not at all (a 404): on a loaded machine the first tries may run out.
 */
export const followElsewhere = (from: Instance, account: TestAccount, address: string) =>
  eventually(`${from.origin} to find ${address}`, async () => {
    const res = await from.api.app.inject({
      method: 'POST',
      url: '/api/federation/follows',
      headers: bearer(account.token),
      payload: { account: address },
    });
    return res.statusCode === 404 ? undefined : res;
  });

export const get = (url: string, accept = AP) => fetch(url, { headers: { accept } });
/** A response's JSON document, as loosely typed as the documents other servers send. */
export const json = async (response: Response) => JSON.parse(await response.text());

export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  seconds = 60,
): Promise<T> {
  for (let i = 0; i < seconds * 5; i++) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`waited ${seconds} s for ${what}`);
}

/** The JSON lines `instance` logged with `msg`. */
export const logged = (instance: Instance, msg: string) =>
  instance.process
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; actor?: string; object?: string })
    .filter((line) => line.msg === msg);
