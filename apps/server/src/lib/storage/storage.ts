import type { Readable } from 'node:stream';

/** What the store knows of one object: enough to answer conditional and ranged reads. */
export type StoredObject = { size: number; etag: string };

/** Inclusive byte positions, as in an HTTP Range. */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live. Keys are unguessable relative paths such as `posts/<uuid>.jpg` whose
 * content never changes; the API serves them under /api/media/<key>. Two drivers: a local directory
 * (default) and an S3-compatible bucket.
 */
export interface Storage {
  /** Moves a finished local file (a staged upload or a generated thumbnail) into storage under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Removes stored files; keys that are already gone are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /** Size and version of a stored file; null when there is none under `key`. */
  stat(key: string): Promise<StoredObject | null>;
  /** The bytes of a stored file (only `range` of them when given). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Resolves when the store can be read and written; rejects otherwise (readiness checks). */
  ping(): Promise<void>;
}
