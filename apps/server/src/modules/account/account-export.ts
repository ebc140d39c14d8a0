import { Readable } from 'node:stream';
import { resolveNotificationPreferences } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { Storage } from '../../lib/storage/storage.js';
import { isStoredFile } from '../users/index.js';
import type { AccountData } from './account.queries.js';

/** Where a stored file is in the archive. */
const archivePath = (key: string) => `media/${key}`;
/** A stored file's place in the archive; an identity provider's picture URL stays a URL. */
const fileRef = (key: string | null) => (key && isStoredFile(key) ? archivePath(key) : key);

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

type MediaRow = { postId: number; fileKey: string; thumbnailKey: string | null };

/** A post's file in the archive: its fields, with paths in the archive instead of storage keys. */
function mediaEntry<T extends MediaRow>({ postId: _, fileKey, thumbnailKey, ...file }: T) {
  return { ...file, file: fileRef(fileKey), thumbnail: fileRef(thumbnailKey) };
}

/** The JSON documents of the archive, by file name: dates as ISO strings, files as their archive paths. */
export function exportDocuments(data: AccountData): Record<string, unknown> {
  const { profile } = data;
  const resourcesOf = groupBy(data.resources, (resource) => resource.topicId);
  const topicsOf = groupBy(data.topics, (topic) => topic.planId);
  const mediaOf = groupBy(data.media, (file) => file.postId);
  const groupMediaOf = groupBy(data.groupPostMedia, (file) => file.postId);
  return {
    'profile.json': profile && { ...profile, profilePicture: fileRef(profile.profilePicture) },
    'posts.json': data.posts.map((post) => ({
      ...post,
      media: (mediaOf.get(post.id) ?? []).map(mediaEntry),
    })),
    'group-posts.json': data.groupPosts.map((post) => ({
      ...post,
      media: (groupMediaOf.get(post.id) ?? []).map(mediaEntry),
    })),
    'comments.json': data.comments,
    'learning-plans.json': data.plans.map((plan) => ({
      ...plan,
      topics: (topicsOf.get(plan.id) ?? []).map(({ planId: _, ...topic }) => ({
        ...topic,
        resources: (resourcesOf.get(topic.id) ?? []).map(({ topicId: __, fileKey, ...resource }) => ({
          ...resource,
          file: fileRef(fileKey),
        })),
      })),
    })),
    'progress.json': data.progress,
    'follows.json': data.follows,
    'likes.json': data.likes,
    'comment-likes.json': data.commentLikes,
    'saved.json': data.saved,
    'notifications.json': data.notifications,
    'notification-preferences.json': resolveNotificationPreferences(data.notificationPreferences),
    'notes.json': data.notes,
    'drafts.json': data.drafts,
    'blocks-and-mutes.json': data.restrictions,
    'reports.json': data.reports,
  };
}

/** Every stored file the person uploaded: their picture, their posts' and group posts' media, plan files. */
export function exportFileKeys(data: AccountData): string[] {
  const keys = [
    data.profile?.profilePicture,
    ...[...data.media, ...data.groupPostMedia].flatMap((file) => [file.fileKey, file.thumbnailKey]),
    ...data.resources.map((resource) => resource.fileKey),
  ];
  return [...new Set(keys.filter((key): key is string => typeof key === 'string' && isStoredFile(key)))];
}

/**
 * The archive as a stream: the JSON first, then each file read from storage only when the archive
 * reaches it, so memory holds one file's chunk at a time whatever the total (ZIP64 past 4 GB).
 */
export function accountArchive(data: AccountData, storage: Storage, log: FastifyBaseLogger): Readable {
  const zip = new ZipFile();
  for (const [name, document] of Object.entries(exportDocuments(data))) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`), name);
  }
  for (const key of exportFileKeys(data)) {
    // Media are compressed already: stored as they are.
    zip.addReadStreamLazy(archivePath(key), { compress: false }, (done) => {
      storage.read(key).then(
        (stream) => done(null, stream),
        (error: unknown) => {
          // Deleted since the rows were read (a post removed meanwhile): the entry stays empty.
          log.warn({ err: error, key }, 'a file of a data export could not be read');
          done(null, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
