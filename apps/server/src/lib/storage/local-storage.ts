import { createReadStream, mkdirSync } from 'node:fs';
import { access, constants, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.js';

/** Files under one directory (default DATA_DIR/media). */
const NOT_STORED = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

export function createLocalStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(root + path.sep))
      throw new Error(`storage key escapes the media directory: ${key}`);
    return target;
  };
  return {
    async putFile(key, localPath) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })));
    },
    async stat(key) {
      try {
        const file = await stat(resolve(key));
        return file.isFile()
          ? { size: file.size, etag: `"${file.size.toString(16)}-${file.mtimeMs.toString(16)}"` }
          : null;
      } catch (error) {
        // A missing file, or a key naming a file inside a file or a name too long: nothing stored there.
        if (NOT_STORED.has((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
    },
    async read(key, range) {
      return createReadStream(resolve(key), range);
    },
    async ping() {
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
