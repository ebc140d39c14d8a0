import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import webPush from 'web-push';
import { bearer, signUp, type TestAccount } from './accounts.js';
import { createMigratedServerDatabase, migratedDataDir, serverUrl } from './database.js';
import { type FakeActivityPubServer, startFakeActivityPubServer } from './fake-activitypub-server.js';
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

export type ServersOptions = {
  /** A's host; `localhost` where the fake server (on 127.0.0.1) must be of another domain than A. */
  host?: '127.0.0.1' | 'localhost';
  /** The name Ann signs up with on A. */
  ann: string;
  /** The name Bob signs up with on B: B, on localhost, is started only for him. */
  bob?: string;
  /** The fake server's people: it is started only for them. */
  actors?: string[];
  /** How long starting them and the file's own setup (`use`) may take, in ms: 240 s unless told. */
  timeout?: number;
};

/** B and Bob where the options name Bob, and the fake server where they name its people. */
type Asked<Options> = (Options extends { bob: string } ? { b: Instance; bob: TestAccount } : unknown) &
  (Options extends { actors: string[] } ? { remote: FakeActivityPubServer } : unknown);
/** What `withServers` started: A and Ann, and what else the options asked for. */
export type Servers<Options extends ServersOptions> = { a: Instance; ann: TestAccount } & Asked<Options>;

/**
 * The servers of one federation test file, started side by side (each takes seconds) before its tests
 * and stopped after them: A with Ann and, as asked, B with Bob and the fake server. Ann and Bob are
 * shown to visitors, as other servers must see them. `use` receives them, to keep in the file's
 * variables, and goes on with the file's own setup.
 */
export function withServers<const Options extends ServersOptions>(
  options: Options,
  use: (made: Servers<Options>) => Promise<void> | void,
) {
  let a: Instance | undefined;
  let b: Instance | undefined;
  let remote: FakeActivityPubServer | undefined;
  beforeAll(async () => {
    [a, b, remote] = await Promise.all([
      startInstance(options.host ?? '127.0.0.1'),
      options.bob === undefined ? undefined : startInstance('localhost'),
      options.actors && startFakeActivityPubServer(options.actors),
    ]);
    const [ann, bob] = await Promise.all([
      signUp(a.api, { name: options.ann }),
      b && signUp(b.api, { name: options.bob }),
    ]);
    const shown = await Promise.all([showToVisitors(a, ann), b && bob && showToVisitors(b, bob)]);
    for (const response of shown) if (response) expect(response.statusCode, response.body).toBe(200);
    await use({ a, ann, b, bob, remote } as Servers<Options>);
  }, options.timeout ?? 240_000);
  afterAll(async () => {
    await Promise.all([a?.cleanup(), b?.cleanup(), remote?.close()]);
  });
}

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
