import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { createFile, MP4BoxBuffer } from 'mp4box';
import sharp from 'sharp';
import { extensionFor } from '../storage/media-types.js';

export type MediaKind = 'IMAGE' | 'VIDEO' | 'PDF';

/** A new unguessable storage key such as `posts/6f1c….jpg`. */
export function storageKey(prefix: string, mime: string): string {
  return `${prefix}/${randomUUID()}.${extensionFor(mime)}`;
}

/** The file's real type, read from its first bytes; null when it is none we know. */
export async function sniffMime(path: string): Promise<string | null> {
  return (await fileTypeFromFile(path))?.mime ?? null;
}

/**
 * Seconds of playing time from the MP4/QuickTime movie header; null when the file cannot be read as
 * a movie. Reads only until the header is found (it sits at the start of streaming-friendly files).
 */
export async function videoDurationSeconds(path: string): Promise<number | null> {
  const movie = createFile();
  let duration: number | null = null;
  movie.onReady = (info) => {
    duration = info.timescale > 0 ? info.duration / info.timescale : null;
  };
  let offset = 0;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      const bytes = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer;
      movie.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes, offset));
      offset += chunk.byteLength;
      if (duration !== null) break;
    }
    movie.flush();
  } catch {
    return null;
  }
  return duration !== null && Number.isFinite(duration) ? duration : null;
}

/** Width and height as displayed (EXIF rotation applied); null when the bytes are not a decodable image. */
export async function imageSize(path: string): Promise<{ width: number; height: number } | null> {
  try {
    const { autoOrient } = await sharp(path).metadata();
    return autoOrient.width && autoOrient.height
      ? { width: autoOrient.width, height: autoOrient.height }
      : null;
  } catch {
    return null;
  }
}

/** A WebP no larger than `maxSide` on either side (first frame of animations), for grids and avatars. */
export async function writeWebpThumbnail(
  source: string,
  target: string,
  maxSide: number,
  fit: 'inside' | 'cover' = 'inside',
): Promise<{ width: number; height: number }> {
  const info = await sharp(source)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit, withoutEnlargement: fit === 'inside' })
    .webp({ quality: 80 })
    .toFile(target);
  return { width: info.width, height: info.height };
}
