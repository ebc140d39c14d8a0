import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { testVapidEnv } from './helpers/app.js';
import { createMigratedServerDatabase, migratedDataDir, serverUrl } from './helpers/database.js';
import { overHttp } from './helpers/http-app.js';
import { multipart } from './helpers/multipart.js';
import { planBody } from './helpers/plans.js';
import { postPart, validPost } from './helpers/posts.js';
import { type ServerProcess, startServer, waitForListening } from './helpers/server-process.js';

/**
 * Crash safety: the server process is killed with SIGKILL in the middle of a burst of mixed writes
 * from several clients at once, started again on the same data, and every write it acknowledged (a
 * 2xx) must read back. Writes still in flight at the kill may or may not have happened: neither is
 * asserted. Each round checks the acknowledged writes of all rounds so far.
 */
const ROUNDS = serverUrl ? 2 : 5;
const CLIENTS = 6;
/** The kill comes from the client that received this many acknowledgements in the round. */
const ACKS_PER_ROUND = 40;

type Api = ReturnType<typeof overHttp>['app'];
/** An acknowledged write and how to see that it is there. */
type Ack = { what: string; isThere: (api: Api) => Promise<boolean> };

const database = serverUrl ? await createMigratedServerDatabase(serverUrl) : undefined;
const dataDir = await migratedDataDir('pathwise-crash-');
const env = {
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  // The server's default: the embedded database in its worker thread.
  EMBEDDED_DATABASE_THREAD: 'worker',
  // Sign-ups are one of the writes; the limit per address is not what this test is about.
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  // The embedded database keeps its generated secret in DATA_DIR; a PostgreSQL server's must be given.
  ...(database && {
    DATABASE_URL: database.url,
    JWT_SECRET: 'crash-safety-secret-0123456789abcdef',
    ...testVapidEnv,
  }),
};

let server: ServerProcess;
let api: Api;
const clients: TestAccount[] = [];
const acks: Ack[] = [];
let sequence = 0;

async function start() {
  server = startServer(env);
  api = overHttp(await waitForListening(server)).app;
}

beforeAll(async () => {
  // Migrated already, as by an earlier start: the first start of an empty embedded database builds it,
  // which can outlast a readiness wait on a busy machine and is not what this test is about.
  await start();
  for (let i = 0; i < CLIENTS; i++) clients.push(await signUp({ app: api }, { name: `Client ${i}` }));
}, 240_000);

afterAll(async () => {
  server?.process.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (client: TestAccount, request: InjectOptions) =>
  api.inject({ ...request, headers: { ...request.headers, ...bearer(client.token) } });
const read = async (target: Api, client: TestAccount, url: string) => {
  const res = await target.inject({ url, headers: bearer(client.token) });
  return res.statusCode === 200 ? res.json() : undefined;
};

/** The posts each client has had acknowledged, to comment on and like. */
const postsOf = new Map<TestAccount, number[]>();
const liked = new Set<string>();
const followed = new Set<string>();

/**
 * The client's next write, cycling through the kinds: a post (multipart), a plan with topics, a
 * comment, a like, a follow, a sign-up. Answers the acknowledgement, or undefined when refused.
 */
async function write(client: TestAccount, step: number): Promise<Ack | undefined> {
  const n = ++sequence;
  const others = clients.filter((other) => other !== client);
  switch (step % 6) {
    case 0: {
      const title = `Crash post ${n}`;
      const { payload, headers } = multipart([postPart({ ...validPost, title })]);
      const res = await as(client, { method: 'POST', url: '/api/posts', payload, headers });
      if (res.statusCode !== 201) return undefined;
      const id = res.json().id as number;
      postsOf.set(client, [...(postsOf.get(client) ?? []), id]);
      return {
        what: `post ${id}`,
        isThere: async (at) => (await read(at, client, `/api/posts/${id}`))?.title === title,
      };
    }
    case 1: {
      const title = `Crash plan ${n}`;
      const res = await as(client, {
        method: 'POST',
        url: '/api/learning-plans',
        payload: planBody({ title }),
      });
      if (res.statusCode !== 201) return undefined;
      const id = res.json().id as number;
      return {
        what: `plan ${id}`,
        isThere: async (at) => {
          const plan = await read(at, client, `/api/learning-plans/${id}`);
          return plan?.title === title && plan.topics.length === 2;
        },
      };
    }
    case 2: {
      const postId = postsOf.get(client)?.at(-1);
      if (postId === undefined) return undefined;
      const content = `Crash comment ${n}`;
      const res = await as(client, {
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        payload: { content },
      });
      if (res.statusCode !== 201) return undefined;
      return {
        what: `comment on post ${postId}`,
        isThere: async (at) =>
          (await read(at, client, `/api/posts/${postId}/comments?size=50`))?.content.some(
            (comment: { content: string }) => comment.content === content,
          ),
      };
    }
    case 3: {
      const postId = others
        .flatMap((other) => postsOf.get(other) ?? [])
        .find((id) => !liked.has(`${client.user.id}:${id}`));
      if (postId === undefined) return undefined;
      liked.add(`${client.user.id}:${postId}`);
      const res = await as(client, { method: 'POST', url: `/api/posts/${postId}/like` });
      if (res.statusCode !== 200 || !res.json().liked) return undefined;
      return {
        what: `like of post ${postId}`,
        isThere: async (at) =>
          (await read(at, client, `/api/posts/${postId}`))?.isLikedByCurrentUser === true,
      };
    }
    case 4: {
      const other = others.find((candidate) => !followed.has(`${client.user.id}:${candidate.user.id}`));
      if (!other) return undefined;
      followed.add(`${client.user.id}:${other.user.id}`);
      const res = await as(client, { method: 'POST', url: `/api/users/${other.user.id}/follow` });
      if (res.statusCode !== 200) return undefined;
      return {
        what: `follow of user ${other.user.id}`,
        isThere: async (at) =>
          (await read(at, client, `/api/users/${other.user.id}/follow/status`))?.isFollowing,
      };
    }
    default: {
      const name = `Crash signup ${n}`;
      const res = await api.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name, email: `crash${n}@example.com`, password: 'correct horse battery' },
      });
      if (res.statusCode !== 201) return undefined;
      const token = res.json().accessToken as string;
      return {
        what: `sign-up ${n}`,
        isThere: async (at) => {
          const me = await at.inject({ url: '/api/auth/me', headers: bearer(token) });
          return me.statusCode === 200 && me.json().name === name;
        },
      };
    }
  }
}

/** Every client writes back to back until the server dies; answers how many writes the kill cut off. */
async function burstUntilKilled(): Promise<number> {
  let acknowledged = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  await Promise.all(
    clients.map(async (client, c) => {
      for (let step = c; ; step++) {
        let ack: Ack | undefined;
        inFlight++;
        try {
          ack = await write(client, step);
        } catch {
          // The connection died with the process: this write was not acknowledged.
          return;
        } finally {
          inFlight--;
        }
        if (!ack) continue;
        acks.push(ack);
        if (++acknowledged === ACKS_PER_ROUND) {
          inFlightAtKill = inFlight;
          server.process.kill('SIGKILL');
        }
      }
    }),
  );
  await server.exited;
  return inFlightAtKill;
}

describe('a server killed during a burst of writes', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'keeps every acknowledged write after restarting (round %i)',
    async () => {
      expect(await burstUntilKilled(), 'writes in flight when the process died').toBeGreaterThan(0);
      await start();
      const missing = [];
      for (const ack of acks) if (!(await ack.isThere(api))) missing.push(ack.what);
      expect(missing).toEqual([]);
    },
    240_000,
  );
});
