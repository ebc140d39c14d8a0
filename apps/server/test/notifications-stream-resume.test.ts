import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_CHANNEL } from '../src/modules/notifications/notifications.queries.js';
import { bearer, signUp } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { serverUrl } from './helpers/database.js';
import { openEventStream } from './helpers/event-stream.js';
import { createPost } from './helpers/posts.js';
import { addComment } from './helpers/social.js';

describe('a stream whose token expires', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { jwtExpiresInSeconds: 4 } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is ended by the server when the token does, and that token cannot open it again', async () => {
    const ann = await signUp(t, { name: 'Ann Lee' });
    const stream = await openEventStream(`${baseUrl}/api/notifications/stream`, bearer(ann.token));
    expect((await stream.next('unread-count')).data).toBe(0);

    await expect(stream.ended).resolves.toBeUndefined();
    await vi.waitFor(() => expect(t.app.liveNotifications.subscriberCount()).toBe(0));
    const again = await fetch(`${baseUrl}/api/notifications/stream`, { headers: bearer(ann.token) });
    expect(again.status).toBe(401);
  });
});

// Only a PostgreSQL server has a LISTEN connection that can break; PGlite's runs inside this process.
describe.runIf(serverUrl)('when the LISTEN connection to PostgreSQL breaks', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const { rows } = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = rows[0]!.name;
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS true`);
    await admin.end();
    await t.close();
  });

  /** Ends this app's LISTEN connection and keeps it from coming back until `allowConnections`. */
  async function breakListenerAndRefuseConnections() {
    await admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS false`);
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = $1 AND query = $2`,
      [databaseName, `LISTEN "${NOTIFICATIONS_CHANNEL}"`],
    );
    expect(rowCount).toBe(1);
  }
  const allowConnections = () => admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS true`);

  it('delivers, once it is back, what was notified while it was down, each once', async () => {
    const ann = await signUp(t, { name: 'Ann Lee' });
    const bob = await signUp(t, { name: 'Bob Stone' });
    const post = await createPost(t, ann.token);
    const stream = await openEventStream(`${baseUrl}/api/notifications/stream`, bearer(ann.token));
    try {
      expect((await stream.next('unread-count')).data).toBe(0);

      await breakListenerAndRefuseConnections();
      // Made through the app's pool (its open connections still work) while nobody listens.
      await addComment(t, bob, post.id, 'While the listener was down');
      await expect(stream.next('notification', 500)).rejects.toThrow();
      await allowConnections();

      const missed = await stream.next('notification', 15_000);
      expect(missed.data).toMatchObject({ type: 'COMMENT', message: 'Bob Stone commented on your post' });
      expect((await stream.next('unread-count')).data).toBe(1);

      // Live again, and the one that was missed is not sent a second time.
      await addComment(t, bob, post.id, 'After the listener came back');
      const live = await stream.next('notification', 2_000);
      expect(Number(live.id)).toBeGreaterThan(Number(missed.id));
      await expect(stream.next('notification', 300)).rejects.toThrow();
    } finally {
      stream.close();
    }
  });
});
