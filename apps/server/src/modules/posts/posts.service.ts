import {
  type CursorPageQuery,
  type LikeResponse,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type Page,
  type PageQuery,
  POST_MESSAGES,
  type Post,
  type PostVersion,
  postInput,
  postUpdateInput,
  type ScheduledPostChange,
  USER_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { forgetPagesAfterCommit, forgetPartsAfterCommit, type SharedPages } from '../../db/shared-pages.js';
import { VISITOR_ID } from '../../db/user-privacy.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { whenReferenceGone } from '../../lib/db-errors.js';
import type { EventBus } from '../../lib/events.js';
import type { JobQueue } from '../../lib/jobs.js';
import { type CursorPage, cursorWindow, pageWindow, toCursorPage, toPage } from '../../lib/pagination.js';
import { parseInput } from '../../lib/parse-input.js';
import { mediaFileKeys, POST_UPLOAD_RULES, storePostMedia } from '../../lib/uploads/media.js';
import type { ReceivedUploads } from '../../lib/uploads/receive.js';
import type { Uploads } from '../../lib/uploads/upload.js';
import { type IncomingUpload, withUpload } from '../../lib/uploads/upload.js';
import type { Viewer } from '../../lib/viewer.js';
import { keepPosts, responsesWithState } from './kept-responses.js';
import { scheduledResponses, toPostResponses } from './post-responses.js';
import {
  claimScheduledPost,
  countFeedPosts,
  countPostsOfAuthor,
  deleteMedia,
  deletePost,
  describeMedia,
  findPostAuthor,
  insertMedia,
  insertPost,
  lockPost,
  lockScheduledPost,
  type PostFields,
  type PostRow,
  preparePostReads,
  recordPostVersion,
  selectMediaFiles,
  selectPostVersions,
  selectScheduledPage,
  setCover,
  setPostTags,
  toggleLike,
  updatePost,
  updateScheduledPost,
} from './posts.queries.js';

type PostsDependencies = {
  db: Database;
  events: EventBus;
  uploads: Uploads;
  jobs: JobQueue;
  /** Where the feed's first page is kept built (PAGE_CACHE). */
  pages: SharedPages;
};

/** The job that publishes a scheduled post at its time (docs/features.md, "Scheduled posts"). */
export const PUBLISH_SCHEDULED_POST_JOB = 'publish-scheduled-post';
export type ScheduledPostJob = { postId: number };

/**
 * A draft being published (modules/drafts): its fields stand for the `post` part, of which only `altTexts`
 * is read, and `take` removes it in the transaction that creates the post, so it is published once.
 */
export type PostDraft = { fields: object; take: (tx: Database) => Promise<void> };

/**
 * The `post` part of a draft's publication: only the files' descriptions and when to publish it, the rest is
 * the draft's.
 */
function draftPostPart(received: ReceivedUploads, draft: PostDraft): unknown {
  const part = received.json.post;
  const sent = part && typeof part === 'object' ? part : {};
  const altTexts = 'altTexts' in sent ? sent.altTexts : undefined;
  const coverFileIndex = 'coverFileIndex' in sent ? sent.coverFileIndex : undefined;
  const publishAt = 'publishAt' in sent ? sent.publishAt : undefined;
  return {
    ...draft.fields,
    ...(altTexts !== undefined && { altTexts }),
    ...(coverFileIndex !== undefined && { coverFileIndex }),
    ...(publishAt !== undefined && { publishAt }),
  };
}

function postPart(received: ReceivedUploads): unknown {
  if (!('post' in received.json)) throw badRequest(POST_MESSAGES.postPartMissing);
  return received.json.post;
}

const fieldsOf = ({ title, content, category, learningProgressPercent }: PostFields): PostFields => ({
  title,
  content,
  category,
  learningProgressPercent,
});

/** The index of the file chosen as cover, refused unless that file is an image. */
function coverFile(index: number | null, files: readonly { kind: string }[]): number | null {
  if (index !== null && files[index]?.kind !== 'IMAGE') throw badRequest(POST_MESSAGES.coverNotImage);
  return index;
}

/**
 * 404 when the post is missing or the viewer may not see it (so a change tells no more than a read),
 * 403 with `refusal` when it is not the viewer's.
 */
async function requireAuthor(
  db: Database,
  postId: number,
  viewerId: number,
  refusal: string,
  lock?: 'update',
) {
  const post = lock ? await lockPost(db, postId, viewerId, lock) : await findPostAuthor(db, postId, viewerId);
  if (!post?.visible) throw notFound(POST_MESSAGES.postNotFound);
  if (post.authorId !== viewerId) throw forbidden(refusal);
}

export function createPostsService({ db, events, uploads, jobs, pages }: PostsDependencies) {
  const reads = preparePostReads(db);

  /**
   * The feed's first page from the page kept for every viewer (as a visitor sees it), with the viewer's
   * own part (their likes and saves, which posts they may see, their total) and the posts' counts, each
   * kept until a change to them is heard: once kept, a read sends no statement. Null when the kept page
   * is not what they may see (an author they blocked, were blocked by or muted, a post hidden or deleted
   * since, a hidden post of their own that belongs on it): the caller reads it in full.
   */
  async function sharedFirstPage(viewer: Viewer, query: CursorPageQuery): Promise<CursorPage<Post> | null> {
    const kept = await pages.get(`posts-feed:${query.size}`, async () =>
      keepPosts(await reads.feed(VISITOR_ID, { limit: query.size, offset: 0 })),
    );
    const ids = kept.rows.map((row) => row.id);
    const lastId = kept.rows.length === query.size ? ids.at(-1)! : 0;
    const [part, counts] = await Promise.all([
      pages.viewerPart(kept, viewer.id, () => reads.sharedFeedState(viewer.id, ids, lastId)),
      pages.counts(kept, () => reads.counts(ids)),
    ]);
    if (!part || part.ownHidden || part.shown.length !== ids.length) return null;
    const responses = responsesWithState(viewer, kept, { ...part, counts });
    return toCursorPage(responses, kept.rows, part.total, query);
  }

  const scheduledMissing = () => notFound(POST_MESSAGES.scheduledNotFound);

  /**
   * At its time the post appears and what a new post causes follows (mentions), in the claiming
   * transaction: a second run, another process's or a retry's, claims nothing and causes nothing.
   */
  jobs.handle<ScheduledPostJob>(PUBLISH_SCHEDULED_POST_JOB, ({ postId }) =>
    db.transaction(async (tx) => {
      const published = await claimScheduledPost(tx, postId);
      if (!published) return;
      const { authorId, title, content } = published;
      await forgetPagesAfterCommit(tx);
      await events.publish(tx, { type: 'post.created', actorId: authorId, postId, title, content });
    }),
  );

  const publishLater = (tx: Database, postId: number, at: Date) =>
    jobs.send(tx, PUBLISH_SCHEDULED_POST_JOB, { postId } satisfies ScheduledPostJob, { startAfter: at });

  /** The author's scheduled post as a response, read after a change. */
  async function scheduledResponse(viewer: Viewer, postId: number): Promise<Post> {
    const { rows } = await selectScheduledPage(db, viewer.id, { limit: 1, offset: 0 }, postId);
    const [response] = scheduledResponses(viewer, rows);
    if (!response) throw scheduledMissing();
    return response;
  }

  /** Post responses for `ids`, in that order, in one statement whatever their number (search uses this). */
  async function responsesFor(viewer: Viewer, ids: readonly number[]): Promise<Post[]> {
    return toPostResponses(viewer, await rowsFor(viewer.id, ids));
  }

  /** The rows of the posts `ids` that `viewerId` may see, in that order. */
  async function rowsFor(viewerId: number, ids: readonly number[]): Promise<PostRow[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await reads.withIds(viewerId, ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  async function responseFor(viewer: Viewer, id: number): Promise<Post> {
    const [response] = await responsesFor(viewer, [id]);
    if (!response) throw notFound(POST_MESSAGES.postNotFound);
    return response;
  }

  return {
    responsesFor,
    byId: responseFor,
    /** [id, likes, comments, shares] of the posts among `ids`: what a kept page's counts are read from. */
    countsFor: (ids: readonly number[]) => reads.counts(ids),
    /** The posts `ids` as a visitor sees them, in that order: a page kept for every viewer. */
    visitorPosts: async (ids: readonly number[]) => keepPosts(await rowsFor(VISITOR_ID, ids)),
    responsesWithState,

    async feed(viewer: Viewer, query: CursorPageQuery): Promise<CursorPage<Post>> {
      const first = query.page === 0 && query.cursor === undefined;
      const fromShared = pages.enabled && first ? await sharedFirstPage(viewer, query) : null;
      if (fromShared) return fromShared;
      const rows = await reads.feed(viewer.id, cursorWindow(query));
      const total = rows[0]?.total ?? (await countFeedPosts(db, viewer.id));
      return toCursorPage(toPostResponses(viewer, rows), rows, total, query);
    },

    async byAuthor(viewer: Viewer, authorId: number, query: CursorPageQuery): Promise<CursorPage<Post>> {
      const rows = await reads.ofAuthor(viewer.id, authorId, cursorWindow(query));
      if (rows[0]) return toCursorPage(toPostResponses(viewer, rows), rows, rows[0].total, query);
      // No row to carry the total: past the last page, no posts, or no such user.
      const { total, authorExists } = await countPostsOfAuthor(db, authorId, viewer.id);
      if (!authorExists) throw notFound(USER_MESSAGES.notFound);
      return toCursorPage([], [], total, query);
    },

    /**
     * With `draft`, publishes that draft: its fields, the request's files (docs/features.md, "Drafts").
     * With `publishAt`, the post waits unseen and uncounted until a job publishes it then.
     */
    async create(viewer: Viewer, upload: IncomingUpload, draft?: PostDraft): Promise<Post> {
      const { postId, scheduled } = await withUpload(
        uploads,
        upload,
        POST_UPLOAD_RULES,
        async (received, store) => {
          const input = parseInput(postInput, draft ? draftPostPart(received, draft) : postPart(received));
          const cover = coverFile(input.coverFileIndex, received.files);
          const media = await storePostMedia(uploads.tmpDir, received.files, input.altTexts, store);
          const publishAt = input.publishAt === undefined ? undefined : new Date(input.publishAt);
          return db.transaction(async (tx) => {
            await draft?.take(tx);
            const id = await insertPost(tx, viewer.id, fieldsOf(input), publishAt);
            const mediaIds = await insertMedia(tx, id, media);
            if (cover !== null) await setCover(tx, id, mediaIds[cover]!);
            if (input.tags.length > 0) await setPostTags(tx, id, input.tags);
            if (publishAt) await publishLater(tx, id, publishAt);
            else {
              await forgetPagesAfterCommit(tx);
              await events.publish(tx, {
                type: 'post.created',
                actorId: viewer.id,
                postId: id,
                title: input.title,
                content: input.content,
              });
            }
            return { postId: id, scheduled: publishAt !== undefined };
          });
        },
      );
      return scheduled ? scheduledResponse(viewer, postId) : responseFor(viewer, postId);
    },

    /** The viewer's posts waiting for their time, soonest first. */
    async scheduled(viewer: Viewer, query: PageQuery): Promise<Page<Post>> {
      const { rows, total } = await selectScheduledPage(db, viewer.id, pageWindow(query));
      return toPage(scheduledResponses(viewer, rows), total, query);
    },

    /** A new time (with a job for it: the earlier job finds the post not due and leaves it) or text. */
    async changeScheduled(viewer: Viewer, postId: number, change: ScheduledPostChange): Promise<Post> {
      await db.transaction(async (tx) => {
        const publishAt = change.publishAt === undefined ? undefined : new Date(change.publishAt);
        const at = await updateScheduledPost(tx, viewer.id, postId, {
          ...(publishAt && { publishAt }),
          ...(change.title !== undefined && { title: change.title }),
          ...(change.content !== undefined && { content: change.content }),
        });
        if (!at) throw scheduledMissing();
        if (publishAt) await publishLater(tx, postId, publishAt);
      });
      return scheduledResponse(viewer, postId);
    },

    /** Cancels a post that has not appeared yet: it goes as a deleted post goes, its job finds nothing. */
    async cancelScheduled(viewer: Viewer, postId: number): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        if (!(await lockScheduledPost(tx, viewer.id, postId))) throw scheduledMissing();
        const media = await selectMediaFiles(tx, postId);
        await deletePost(tx, postId);
        return mediaFileKeys(media);
      });
      await uploads.removal.removeUnreferenced(keys);
    },

    /** New files are appended; `removeMediaIds` drops existing ones; kept + new never exceed the limit. */
    async update(viewer: Viewer, postId: number, upload: IncomingUpload): Promise<Post> {
      // Refuse strangers before reading what may be hundreds of megabytes.
      await requireAuthor(db, postId, viewer.id, POST_MESSAGES.cannotEdit);
      const removedKeys = await withUpload(uploads, upload, POST_UPLOAD_RULES, async (received, store) => {
        const input = parseInput(postUpdateInput, postPart(received));
        const coverIndex = coverFile(input.coverFileIndex, received.files);
        const media = await storePostMedia(uploads.tmpDir, received.files, input.altTexts, store);
        return db.transaction(async (tx) => {
          await requireAuthor(tx, postId, viewer.id, POST_MESSAGES.cannotEdit, 'update');
          const existing = await selectMediaFiles(tx, postId);
          const toRemove = new Set(input.removeMediaIds);
          const removed = existing.filter((item) => toRemove.has(item.id));
          if (removed.length !== toRemove.size) throw badRequest(POST_MESSAGES.foreignMedia);
          if (existing.length - removed.length + media.length > MEDIA_LIMITS.maxFilesPerPost)
            throw badRequest(MEDIA_MESSAGES.tooMany);
          await deleteMedia(
            tx,
            postId,
            removed.map((item) => item.id),
          );
          const kept = new Set(existing.filter((item) => !toRemove.has(item.id)).map((item) => item.id));
          if (!input.mediaAltTexts.every((item) => kept.has(item.id)))
            throw badRequest(MEDIA_MESSAGES.altTextOfForeignMedia);
          await describeMedia(tx, postId, input.mediaAltTexts);
          const mediaIds = await insertMedia(tx, postId, media);
          const keptImage = (id: number) =>
            kept.has(id) && existing.some((item) => item.id === id && item.type === 'IMAGE');
          if (coverIndex === null && input.coverMediaId && !keptImage(input.coverMediaId))
            throw badRequest(POST_MESSAGES.coverNotImage);
          const coverMediaId = coverIndex === null ? input.coverMediaId : mediaIds[coverIndex]!;
          const mediaChanged = removed.length > 0 || media.length > 0;
          const edited = await recordPostVersion(tx, postId, input, mediaChanged);
          await updatePost(
            tx,
            postId,
            { ...fieldsOf(input), ...(coverMediaId !== undefined && { coverMediaId }) },
            edited,
          );
          if (input.tags) await setPostTags(tx, postId, input.tags);
          await forgetPagesAfterCommit(tx);
          await events.publish(tx, {
            type: 'post.updated',
            actorId: viewer.id,
            postId,
            title: input.title,
            content: input.content,
          });
          return mediaFileKeys(removed);
        });
      });
      await uploads.removal.removeUnreferenced(removedKeys);
      return responseFor(viewer, postId);
    },

    /** The post's versions, newest first, to whoever may see the post: one statement. */
    async history(viewer: Viewer, postId: number, query: PageQuery): Promise<Page<PostVersion>> {
      const found = await selectPostVersions(db, postId, viewer.id, pageWindow(query));
      if (!found?.visible) throw notFound(POST_MESSAGES.postNotFound);
      if (found.total === 0) {
        // Never edited: its one version is the post as written.
        const original = {
          title: found.title,
          content: found.content,
          createdAt: new Date(found.createdAt).toISOString(),
          mediaChanged: false,
        };
        return toPage(query.page === 0 ? [original] : [], 1, query);
      }
      const versions = found.versions.map((version) => ({
        ...version,
        createdAt: new Date(version.createdAt).toISOString(),
      }));
      return toPage(versions, found.total, query);
    },

    async remove(viewer: Viewer, postId: number): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        await requireAuthor(tx, postId, viewer.id, POST_MESSAGES.cannotDelete, 'update');
        const media = await selectMediaFiles(tx, postId);
        await events.publish(tx, { type: 'post.deleted', actorId: viewer.id, postId });
        await deletePost(tx, postId);
        await forgetPagesAfterCommit(tx);
        return mediaFileKeys(media);
      });
      await uploads.removal.removeUnreferenced(keys);
    },

    /**
     * Likes or unlikes in one statement, then writes what follows from it (activity, notification)
     * in the same transaction; the primary key keeps one like per user even when clicks race.
     */
    async toggleLike(viewer: Viewer, postId: number): Promise<LikeResponse> {
      return db.transaction(async (tx) => {
        // The post may be deleted between the statement's snapshot and its foreign key check.
        const toggle = () =>
          toggleLike(tx, postId, viewer.id).catch(whenReferenceGone(notFound(POST_MESSAGES.postNotFound)));
        let toggled = await toggle();
        // Having waited for the post's lock behind this user's own toggle, the statement ran on a
        // snapshot without that toggle's like and changed nothing. The lock is ours now, so running it
        // again sees every earlier toggle and flips, as each click must.
        if (toggled && !toggled.added && !toggled.removed) toggled = await toggle();
        if (!toggled) throw notFound(POST_MESSAGES.postNotFound);
        await forgetPartsAfterCommit(tx, { users: [viewer.id], posts: [postId] });
        const event = { actorId: viewer.id, postId, postAuthorId: toggled.postAuthorId };
        if (toggled.removed) await events.publish(tx, { type: 'post.unliked', ...event });
        if (toggled.added) await events.publish(tx, { type: 'post.liked', ...event });
        return { liked: !toggled.removed, likesCount: toggled.likesCount };
      });
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
