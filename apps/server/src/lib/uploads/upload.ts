import type { FastifyRequest } from 'fastify';
import type { FileRemoval } from '../storage/file-removal.js';
import type { Storage } from '../storage/storage.js';
import { type ReceivedUploads, receiveUploads, type UploadRules } from './receive.js';

/**
 * What a module needs to accept uploads: the store, a temporary directory to check files in first, and file
 * removal.
 */
export type Uploads = { storage: Storage; tmpDir: string; removal: FileRemoval };

/**
 * A multipart request whose body is not read yet. Routes hand it to their service, which checks
 * permissions first (nobody else's bytes are ever stored) and then receives it under its own rules.
 */
export type IncomingUpload = {
  receive(tmpDir: string, rules: UploadRules): Promise<ReceivedUploads>;
};

export const incomingUpload = (request: FastifyRequest): IncomingUpload => ({
  receive: (tmpDir, rules) => receiveUploads(request, tmpDir, rules),
});

/** Moves a local file into storage under `key`; the key is removed again if the request then fails. */
export type StoreFile = (key: string, localPath: string) => Promise<void>;

/**
 * The one upload pattern: receives `incoming` (each file checked by content against `rules`), then
 * runs `work`, which stores what it keeps with `store`. When anything fails (validation, permission,
 * database), every file stored is removed again, so a refused request leaves nothing behind; staged
 * temporary files are always removed.
 */
export async function withUpload<T>(
  uploads: Uploads,
  incoming: IncomingUpload,
  rules: UploadRules,
  work: (received: ReceivedUploads, store: StoreFile) => Promise<T>,
): Promise<T> {
  const received = await incoming.receive(uploads.tmpDir, rules);
  const stored: string[] = [];
  const store: StoreFile = async (key, localPath) => {
    stored.push(key);
    await uploads.storage.putFile(key, localPath);
  };
  try {
    return await work(received, store);
  } catch (error) {
    await uploads.removal.removeUnreferenced(stored);
    throw error;
  } finally {
    await received.discard();
  }
}
