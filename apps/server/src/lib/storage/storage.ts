/**
 * Where uploaded files live. Keys are unguessable relative paths such as `posts/<uuid>.jpg`; the API
 * serves them under /api/media/<key>. The local directory is the default; an S3-compatible store
 * implements the same interface.
 */
export interface Storage {
  /** Moves a finished local file (a staged upload or a generated thumbnail) into storage under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Removes stored files; keys that are already gone are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /** The local directory to serve from, for stores that keep files on this machine. */
  readonly localRoot?: string;
}

/** What a module needs to accept uploads: the store, and a temporary directory to check files in first. */
export type Uploads = { storage: Storage; tmpDir: string };
