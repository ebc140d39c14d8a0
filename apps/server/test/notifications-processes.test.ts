import { afterAll, beforeAll, expect, it } from 'vitest';
import { testVapidEnv } from './helpers/app.js';
import { createMigratedServerDatabase, migratedDataDir, serverUrl } from './helpers/database.js';
import { openEventStream } from './helpers/event-stream.js';
import { validPost } from './helpers/posts.js';
import { type ServerProcess, startServer, stopServer, waitForListening } from './helpers/server-process.js';

// Several processes can only share a PostgreSQL server; the embedded database belongs to one process,
// so there the like and the stream go through the same (real, separate) server process.
const processCount = serverUrl ? 2 : 1;
const database = serverUrl ? await createMigratedServerDatabase(serverUrl) : undefined;
const servers: ServerProcess[] = [];
let urlA: string;
let urlB: string;

beforeAll(async () => {
  const shared = {
    HOST: '127.0.0.1',
    PORT: '0',
    JWT_SECRET: 'two-processes-share-this-secret-0123456789',
    ...(database && { DATABASE_URL: database.url, ...testVapidEnv }),
  };
  const dataDir = await migratedDataDir('pw-live-');
  for (let i = 0; i < processCount; i++) servers.push(startServer({ ...shared, DATA_DIR: dataDir }));
  const urls = await Promise.all(servers.map(waitForListening));
  [urlA, urlB] = [urls[0]!, urls.at(-1)!];
}, 200_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.drop();
});

async function signUp(name: string): Promise<string> {
  const res = await fetch(`${urlA}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, password: 'secret-enough' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

it(`a like through one server process is pushed to a stream already open on ${processCount === 2 ? 'another' : 'the same'} process`, async () => {
  const ann = await signUp('Ann');
  const bob = await signUp('Bob');
  const form = new FormData();
  form.append('post', new Blob([JSON.stringify(validPost)], { type: 'application/json' }), 'blob');
  const created = await fetch(`${urlA}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ann}` },
    body: form,
  });
  expect(created.status).toBe(201);
  const post = (await created.json()) as { id: number };

  const stream = await openEventStream(`${urlB}/api/notifications/stream`, {
    authorization: `Bearer ${ann}`,
  });
  try {
    expect((await stream.next('unread-count')).data).toBe(0);

    const liked = await fetch(`${urlA}/api/posts/${post.id}/like`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob}` },
    });
    expect(liked.status).toBe(200);

    // Pushed over the connection opened before the like; from another process, only the database's
    // NOTIFY can carry it there.
    const pushed = await stream.next('notification');
    expect(pushed.data).toMatchObject({ type: 'LIKE', message: 'Bob liked your post', entityId: post.id });
    expect((await stream.next('unread-count')).data).toBe(1);
  } finally {
    stream.close();
  }
});
