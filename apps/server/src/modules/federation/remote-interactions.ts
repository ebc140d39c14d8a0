import { randomUUID } from 'node:crypto';
import type { Context, Federation } from '@fedify/fedify';
import {
  Create,
  Delete,
  Like,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  type Recipient,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { type LikeResponse, REMOTE_FOLLOW_MESSAGES, type RemotePostReply } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { activityAbout, markdownToHtml, type SendToFollowers } from './article.js';
import { instantNow, instantOf } from './instant.js';
import {
  type ActionableRemotePost,
  countRemotePostLikes,
  deleteRemotePostLike,
  deleteRemotePostReply,
  findActionableRemotePost,
  findPublicRemotePostReply,
  insertRemotePostLike,
  insertRemotePostReply,
  type RemotePostReplyRow,
  updateRemotePostReply,
} from './remote-interactions.queries.js';

/**
 * A reply's Note shares the comments' path (Fedify takes one object path per class): `r{id}`, which no
 * comment id can be.
 */
export const replyIdOf = (id: string) => {
  const match = /^r([1-9]\d{0,9})$/.exec(id);
  return match && Number(match[1]) <= 2_147_483_647 ? Number(match[1]) : null;
};

type Deps = { db: Database; origin: string; federation: Federation<void>; send: SendToFollowers };

/**
 * People here liking and replying to posts from elsewhere in their Following feed (docs/federation.md,
 * "Likes and replies out"): kept here, sent to the post's author (a reply to the person's followers
 * too) through the queue once recorded.
 */
export function createRemoteInteractions({ db, origin, federation, send }: Deps) {
  const context = () => federation.createContext(new URL(origin), undefined);

  async function actionable(viewerId: number, id: number) {
    const post = await findActionableRemotePost(db, viewerId, id);
    if (!post) throw notFound(REMOTE_FOLLOW_MESSAGES.unknownPost);
    return post;
  }

  const authorOf = (post: ActionableRemotePost): Recipient => ({
    id: new URL(post.authorUri),
    inboxId: new URL(post.authorInboxUrl),
    endpoints: null,
  });

  /** The reply as a Note answering the post, naming its author (what makes Mastodon notify them). */
  function noteOf(ctx: Context<void>, row: RemotePostReplyRow) {
    const author = String(row.authorId);
    const postAuthor = new URL(row.postAuthorUri);
    return new Note({
      id: ctx.getObjectUri(Note, { id: `r${row.id}` }),
      attribution: ctx.getActorUri(author),
      replyTarget: new URL(row.postUri),
      to: PUBLIC_COLLECTION,
      ccs: [ctx.getFollowersUri(author), postAuthor],
      content: markdownToHtml(row.content),
      published: instantOf(row.createdAt),
      updated: row.editedAt && instantOf(row.editedAt),
      tags: [new Mention({ href: postAuthor, name: row.postAuthorHandle })],
    });
  }

  type Reply = Pick<RemotePostReplyRow, 'id' | 'authorId' | 'content' | 'createdAt' | 'editedAt'>;
  const rowOf = (post: ActionableRemotePost, reply: Reply): RemotePostReplyRow => ({
    ...reply,
    postUri: post.uri,
    postAuthorUri: post.authorUri,
    postAuthorHandle: post.authorHandle,
  });
  const replyOf = (reply: Reply): RemotePostReply => ({
    id: reply.id,
    content: reply.content,
    createdAt: reply.createdAt.toISOString(),
    editedAt: reply.editedAt?.toISOString() ?? null,
  });

  /** The reply's Note, and an activity about it. */
  const about = (ctx: Context<void>, row: RemotePostReplyRow, kind: string) => {
    const note = noteOf(ctx, row);
    return { note, ...activityAbout(note, kind) };
  };

  return {
    /**
     * Likes post `id` for the viewer (`on`), sending `Like` to its author, or takes the like back with
     * an `Undo` naming it. A second like, or an unlike of nothing, sends nothing.
     */
    async like(viewerId: number, id: number, on: boolean): Promise<LikeResponse> {
      const post = await actionable(viewerId, id);
      const ctx = context();
      const identifier = String(viewerId);
      const actor = ctx.getActorUri(identifier);
      const object = new URL(post.uri);
      // A like, its Undo and a like again reach the server in the order they were made.
      const ordered = { orderingKey: `${actor.href} likes ${post.uri}` };
      if (on) {
        const like = new Like({ id: new URL(`#likes/${randomUUID()}`, actor), actor, object });
        if (await insertRemotePostLike(db, { userId: viewerId, remotePostId: id, activityId: like.id!.href }))
          await ctx.sendActivity({ identifier }, authorOf(post), like, ordered);
      } else {
        const likeId = await deleteRemotePostLike(db, viewerId, id);
        if (likeId)
          await ctx.sendActivity(
            { identifier },
            authorOf(post),
            new Undo({
              id: new URL(`#undo/${randomUUID()}`, actor),
              actor,
              object: new Like({ id: new URL(likeId), actor, object }),
            }),
            ordered,
          );
      }
      return { liked: on, likesCount: await countRemotePostLikes(db, id) };
    },

    /** Keeps the viewer's reply and sends it as `Create(Note)` to the post's author and their followers. */
    async reply(viewerId: number, id: number, content: string): Promise<RemotePostReply> {
      const post = await actionable(viewerId, id);
      const reply = await insertRemotePostReply(db, { remotePostId: id, authorId: viewerId, content });
      const row = rowOf(post, reply);
      await send(
        viewerId,
        'a reply to a post elsewhere',
        (ctx) => {
          const { note, ...activity } = about(ctx, row, 'creates');
          return new Create({ ...activity, published: note.published, object: note });
        },
        [authorOf(post)],
      );
      return replyOf(reply);
    },

    /** Edits the viewer's reply `replyId` and sends it as `Update(Note)` where the reply went. */
    async editReply(
      viewerId: number,
      id: number,
      replyId: number,
      content: string,
    ): Promise<RemotePostReply> {
      const post = await actionable(viewerId, id);
      const reply = await updateRemotePostReply(db, {
        id: replyId,
        remotePostId: id,
        authorId: viewerId,
        content,
      });
      if (!reply) throw notFound(REMOTE_FOLLOW_MESSAGES.unknownReply);
      const row = rowOf(post, reply);
      await send(
        viewerId,
        'an edited reply to a post elsewhere',
        (ctx) => {
          const { note, ...activity } = about(ctx, row, 'updates');
          return new Update({ ...activity, updated: note.updated, object: note });
        },
        [authorOf(post)],
      );
      return replyOf(reply);
    },

    /** Deletes the viewer's reply `replyId` and sends `Delete` with its Note's `Tombstone` where it went. */
    async deleteReply(viewerId: number, id: number, replyId: number) {
      const post = await actionable(viewerId, id);
      const gone = await deleteRemotePostReply(db, { id: replyId, remotePostId: id, authorId: viewerId });
      if (!gone) throw notFound(REMOTE_FOLLOW_MESSAGES.unknownReply);
      const row = rowOf(post, {
        id: replyId,
        authorId: viewerId,
        content: '',
        createdAt: new Date(),
        editedAt: null,
      });
      await send(
        viewerId,
        'a deleted reply to a post elsewhere',
        (ctx) => {
          const { note, ...activity } = about(ctx, row, 'deletes');
          return new Delete({
            ...activity,
            object: new Tombstone({ id: note.id, deleted: instantNow() }),
          });
        },
        [authorOf(post)],
      );
    },

    /** The Note of reply `id` while its author's actor is shown and the post is kept here, else null. */
    async read(ctx: Context<void>, id: number) {
      const row = await findPublicRemotePostReply(db, id);
      return row && noteOf(ctx, row);
    },
  };
}
