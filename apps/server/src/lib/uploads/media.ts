import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type MediaType,
  POST_MEDIA_TYPES,
  type PostMedia,
} from '@pathwise/contract';
import { badRequest, unsupportedMediaType } from '../app-error.js';
import type { MediaUrl } from '../viewer.js';
import { type MediaKind, storageKey, writeWebpThumbnail } from './inspect.js';
import type { StagedUpload, UploadRules } from './receive.js';
import type { StoreFile } from './upload.js';

/** A stored image or video of a post (or of a group's post), before its row is written. */
export type NewMedia = {
  type: MediaKind;
  fileKey: string;
  thumbnailKey: string | null;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  altText: string;
};

/** Longest side of the WebP that post grids show instead of the original image. */
export const THUMBNAIL_SIDE = 640;

/**
 * A post's multipart body (and a group post's): the `post` JSON part and up to ten `files`, images and
 * short videos.
 */
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

/** Media as a post's row carries them (JSON built by its statement), in display order. */
export type MediaItem = {
  id: number;
  type: string;
  fileKey: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  altText: string;
};

export const mediaResponse = (item: MediaItem, mediaUrl: MediaUrl): PostMedia => ({
  id: item.id,
  type: item.type as MediaType,
  fileUrl: mediaUrl(item.fileKey)!,
  thumbnailUrl: mediaUrl(item.thumbnailKey),
  width: item.width,
  height: item.height,
  durationSeconds: item.durationSeconds,
  altText: item.altText,
});
