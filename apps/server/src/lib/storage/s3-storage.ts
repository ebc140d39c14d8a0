import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mimeForKey } from './media-types.js';
import type { Storage } from './storage.js';

export type S3Settings = {
  bucket: string;
  region: string;
  /** MinIO, Garage, R2…; AWS itself when absent. */
  endpoint: string | undefined;
  /** Absent: the SDK's usual credential chain (AWS_* variables, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;
/** A readiness probe must answer before the load balancer gives up on it. */
const PING_TIMEOUT_MS = 3000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/** Objects in one bucket of an S3-compatible store, under the same keys as on disk. */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    async putFile(key, localPath) {
      const { size } = await stat(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(localPath),
          ContentLength: size,
          ContentType: mimeForKey(key),
        }),
      );
      await rm(localPath, { force: true });
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const { Errors } = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length > 0)
          throw new Error(`S3 refused to delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${head.ContentLength}"` };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      return object.Body as Readable;
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
      });
    },
  };
}
