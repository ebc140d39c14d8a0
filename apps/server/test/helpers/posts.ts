import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Post, PostInput } from '@pathwise/contract';
import { bearer } from './accounts.js';
import type { TestApp } from './app.js';
import { multipart, type Part } from './multipart.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** A small real media file from test/fixtures. */
export const fixture = (name: string) => readFileSync(path.join(fixtures, name));

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** A `files` part carrying a fixture, typed the way a browser would guess from its name. */
export const filePart = (name: string, data: Buffer = fixture(name)): Part => ({
  name: 'files',
  filename: name,
  contentType: MIME_BY_EXTENSION[name.split('.').pop()!] ?? 'application/octet-stream',
  data,
});

/** The `post` part the web app sends: a JSON blob. */
export const postPart = (fields: Record<string, unknown>): Part => ({
  name: 'post',
  filename: 'blob',
  contentType: 'application/json',
  data: JSON.stringify(fields),
});

export const validPost: PostInput = {
  title: 'Learning TypeScript generics',
  content: 'Today I finally understood conditional types.',
  category: 'PROGRAMMING',
  learningProgressPercent: 40,
  altTexts: [],
  tags: [],
  coverFileIndex: null,
};

/** Sends a post's multipart body as the web app does. */
export function sendPost(
  t: Pick<TestApp, 'app'>,
  token: string | null,
  parts: Part[],
  target: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/api/posts' },
) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ ...target, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

/** Publishes a post through the API and returns the response. */
export async function createPost(
  t: Pick<TestApp, 'app'>,
  token: string,
  fields: Partial<PostInput> = {},
  files: Part[] = [],
): Promise<Post> {
  const res = await sendPost(t, token, [postPart({ ...validPost, ...fields }), ...files]);
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Every file under DATA_DIR/<dir> (media or tmp), to prove a request left nothing behind. */
export function filesIn(t: Pick<TestApp, 'dataDir'>, dir: 'media' | 'tmp'): string[] {
  try {
    return readdirSync(path.join(t.dataDir, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(t.dataDir, dir), path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The storage key of a media URL (`…/api/media/<key>`). */
export const keyOf = (url: string) => url.split('/api/media/')[1]!;
