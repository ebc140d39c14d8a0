import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_LIMITS, MEDIA_MESSAGES, POST_MEDIA_TYPES } from '@pathwise/contract';
import type { FastifyRequest } from 'fastify';
import { unsupportedMediaType } from '../../lib/app-error.js';
import type { Uploads } from '../../lib/storage/storage.js';
import { storageKey, writeWebpThumbnail } from '../../lib/uploads/inspect.js';
import {
  type ReceivedUploads,
  receiveUploads,
  type StagedUpload,
  type UploadRules,
} from '../../lib/uploads/receive.js';
import type { NewMedia } from './posts.queries.js';

/** Longest side of the WebP that post grids show instead of the original image. */
export const THUMBNAIL_SIDE = 640;

const POST_UPLOAD_RULES: UploadRules = {
  fileFields: ['files'],
  jsonFields: ['post'],
  accept: POST_MEDIA_TYPES,
  maxFiles: MEDIA_LIMITS.maxFilesPerPost,
  maxBytes: MEDIA_LIMITS.maxFileBytes,
  maxVideoSeconds: MEDIA_LIMITS.maxVideoSeconds,
  messages: MEDIA_MESSAGES,
};

/** Reads a post's multipart body: the `post` JSON part and checked `files`, staged in temporary files. */
export function receivePostUploads(request: FastifyRequest, uploads: Uploads) {
  return () => receiveUploads(request, uploads.tmpDir, POST_UPLOAD_RULES);
}
export type ReceivePostUploads = ReturnType<typeof receivePostUploads>;

/** Moves one checked upload into storage, with a grid thumbnail for images; `written` collects every key. */
async function storeOne(uploads: Uploads, file: StagedUpload, written: string[]): Promise<NewMedia> {
  let thumbnailKey: string | null = null;
  if (file.kind === 'IMAGE') {
    const thumbnail = path.join(uploads.tmpDir, `${randomUUID()}.webp`);
    try {
      await writeWebpThumbnail(file.path, thumbnail, THUMBNAIL_SIDE);
      thumbnailKey = storageKey('posts', 'image/webp');
      written.push(thumbnailKey);
      await uploads.storage.putFile(thumbnailKey, thumbnail);
    } catch (error) {
      // sharp reports undecodable pixels (e.g. a truncated image) as plain errors; system errors carry a code.
      if ((error as NodeJS.ErrnoException).code) throw error;
      throw unsupportedMediaType(MEDIA_MESSAGES.badType);
    } finally {
      await rm(thumbnail, { force: true });
    }
  }
  const fileKey = storageKey('posts', file.mime);
  written.push(fileKey);
  await uploads.storage.putFile(fileKey, file.path);
  return {
    type: file.kind,
    fileKey,
    thumbnailKey,
    mimeType: file.mime,
    sizeBytes: file.size,
    width: file.width,
    height: file.height,
    durationSeconds: file.durationSeconds,
  };
}

/**
 * Runs `work`, which may call `store()` to move the received files into storage. When anything fails
 * (validation, permission, database), every file written is removed again, so a refused request leaves
 * nothing behind; staged temporary files are always removed.
 */
export async function withReceivedMedia<T>(
  uploads: Uploads,
  received: ReceivedUploads,
  work: (store: () => Promise<NewMedia[]>) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const store = async () => {
    const media: NewMedia[] = [];
    for (const file of received.files) media.push(await storeOne(uploads, file, written));
    return media;
  };
  try {
    return await work(store);
  } catch (error) {
    await uploads.storage.remove(written);
    throw error;
  } finally {
    await received.discard();
  }
}

export const mediaFileKeys = (media: readonly { fileKey: string; thumbnailKey: string | null }[]) =>
  media.flatMap(({ fileKey, thumbnailKey }) => (thumbnailKey ? [fileKey, thumbnailKey] : [fileKey]));
