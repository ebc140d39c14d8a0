import type { MediaStorageConfig } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The store MEDIA_STORAGE names: the directory `localRoot` (default) or an S3-compatible bucket. */
export function createStorage(config: MediaStorageConfig, localRoot: string): Storage {
  return config.driver === 's3' ? createS3Storage(config.s3) : createLocalStorage(localRoot);
}
