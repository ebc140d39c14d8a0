import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { MediaStorageConfig } from '../../src/config.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3 API server (s3rver) on a free port of this machine, keeping its objects in a temporary
 * directory; `stop()` and `start()` take it down and bring it back on the same port with the same objects.
 */
export async function startS3Server() {
  const directory = mkdtempSync(path.join(tmpdir(), 'pathwise-s3-'));
  let server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = 'pathwise-media';
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  const mediaStorage: MediaStorageConfig = {
    driver: 's3',
    s3: { bucket, region: 'us-east-1', endpoint, credentials, forcePathStyle: true },
  };
  /** The same settings as a server process reads them from its environment. */
  const env = {
    MEDIA_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    mediaStorage,
    env,
    async stop() {
      await server.close();
    },
    async start() {
      server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
      await server.run();
    },
    async close() {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
