import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_LIMITS, MEDIA_MESSAGES, POST_MEDIA_TYPES } from '@pathwise/contract';
import { badRequest, unsupportedMediaType } from '../../lib/app-error.js';
import { storageKey, writeWebpThumbnail } from '../../lib/uploads/inspect.js';
import type { StagedUpload, UploadRules } from '../../lib/uploads/receive.js';
import type { StoreFile } from '../../lib/uploads/upload.js';
import type { NewMedia } from './posts.queries.js';

/** Longest side of the WebP that post grids show instead of the original image. */
export const THUMBNAIL_SIDE = 640;

/** A post's multipart body: the `post` JSON part and up to ten `files`, images and short videos. */
export const POST_UPLOAD_RULES: UploadRules = {
  fileFields: ['files'],
  jsonFields: ['post'],
  accept: POST_MEDIA_TYPES,
  maxFiles: MEDIA_LIMITS.maxFilesPerPost,
  maxBytes: MEDIA_LIMITS.maxFileBytes,
  maxVideoSeconds: MEDIA_LIMITS.maxVideoSeconds,
  messages: MEDIA_MESSAGES,
};

/** Stores one checked upload, with a grid thumbnail for images. */
async function storeOne(
  tmpDir: string,
  file: StagedUpload,
  altText: string,
  store: StoreFile,
): Promise<NewMedia> {
  let thumbnailKey: string | null = null;
  if (file.kind === 'IMAGE') {
    const thumbnail = path.join(tmpDir, `${randomUUID()}.webp`);
    try {
      await writeWebpThumbnail(file.path, thumbnail, THUMBNAIL_SIDE);
      thumbnailKey = storageKey('posts', 'image/webp');
      await store(thumbnailKey, thumbnail);
    } catch (error) {
      // sharp reports undecodable pixels (e.g. a truncated image) as plain errors; system errors carry a
      // code.
      if ((error as NodeJS.ErrnoException).code || thumbnailKey) throw error;
      throw unsupportedMediaType(MEDIA_MESSAGES.badType);
    } finally {
      await rm(thumbnail, { force: true });
    }
  }
  const fileKey = storageKey('posts', file.mime);
  await store(fileKey, file.path);
  return {
    type: file.kind,
    fileKey,
    thumbnailKey,
    mimeType: file.mime,
    sizeBytes: file.size,
    width: file.width,
    height: file.height,
    durationSeconds: file.durationSeconds,
    altText,
  };
}

/** Stores every received file of a post, in the order sent, with the description sent for it. */
export async function storePostMedia(
  tmpDir: string,
  files: readonly StagedUpload[],
  altTexts: readonly string[],
  store: StoreFile,
): Promise<NewMedia[]> {
  if (altTexts.length > files.length) throw badRequest(MEDIA_MESSAGES.moreAltTextsThanFiles);
  const media: NewMedia[] = [];
  for (const [index, file] of files.entries()) {
    media.push(await storeOne(tmpDir, file, altTexts[index] ?? '', store));
  }
  return media;
}

export const mediaFileKeys = (media: readonly { fileKey: string; thumbnailKey: string | null }[]) =>
  media.flatMap(({ fileKey, thumbnailKey }) => (thumbnailKey ? [fileKey, thumbnailKey] : [fileKey]));
