import { randomUUID, type webcrypto } from 'node:crypto';
import {
  type Context,
  createFederation,
  exportJwk,
  type Federation,
  generateCryptoKeyPair,
  importJwk,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Announce,
  type Object as APObject,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Hashtag,
  Image,
  isActor,
  Like,
  Person,
  PUBLIC_COLLECTION,
  type Recipient,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { REMOTE_FOLLOW_MESSAGES, type RemoteFollowResponse } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FederationConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import type { Viewer } from '../../lib/viewer.js';
import { escapeHtml } from '../link-previews/index.js';
import { instantOf, markdownToHtml } from './article.js';
import {
  type ArticleRow,
  countOutbox,
  deleteRemoteFollower,
  deleteRemoteReaction,
  findActor,
  findPublicPost,
  findUserIdByHandle,
  insertActorKeys,
  insertRemoteFollower,
  insertRemoteReaction,
  selectActorKeys,
  selectOutboxPage,
  selectRemoteFollowerInboxes,
  upsertRemoteActor,
} from './federation.queries.js';

/** Where each ActivityPub document lives; the web app's pages (`/@handle`, `/post/:id`) stay put. */
export const ACTOR_PATH = '/ap/users/{identifier}';
const INBOX_PATH = '/ap/users/{identifier}/inbox';
const SHARED_INBOX_PATH = '/ap/inbox';
const OUTBOX_PATH = '/ap/users/{identifier}/outbox';
const FOLLOWERS_PATH = '/ap/users/{identifier}/followers';
const FOLLOWING_PATH = '/ap/users/{identifier}/following';
const ARTICLE_PATH = '/ap/posts/{id}';

/** Posts per page of an outbox. */
export const OUTBOX_PAGE_SIZE = 20;

/** The algorithms of a person's keys: RSA for HTTP Signatures (what Mastodon checks), Ed25519 for proofs. */
const KEY_ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

export type FederationDeps = {
  db: Database;
  events: EventBus;
  kv: KvStore;
  queue: MessageQueue;
  config: FederationConfig;
  log: FastifyBaseLogger;
};

/** Actor identifiers are user ids: a handle may change, the actor's address must not. */
const userIdOf = (identifier: string): number | null =>
  /^[1-9]\d{0,9}$/.test(identifier) && Number(identifier) <= 2_147_483_647 ? Number(identifier) : null;

/**
 * Whose actor exists: a person who shows their profile to visitors (their consent to being on the open
 * web, off by default), answered as a `Person`; a suspended or deleted account (one that federated)
 * as a `Tombstone`, which Fedify answers 410 Gone; anyone else as nothing (404).
 */
async function actorState(db: Database, userId: number) {
  const actor = await findActor(db, userId);
  if (!actor) return { kind: 'absent' as const };
  if (actor.kind === 'departed') return { kind: 'gone' as const, since: actor.departedAt };
  if (actor.suspendedAt) return { kind: 'gone' as const, since: actor.suspendedAt };
  if (!actor.showProfileToVisitors) return { kind: 'absent' as const };
  return { kind: 'person' as const, actor };
}

/**
 * The Fedify federation of this server: WebFinger, each person's actor, inbox, outbox and follower
 * counts, their public posts as `Article`s. Only created with FEDERATION=true.
 */
export function createPathwiseFederation({ db, events, kv, queue, config, log }: FederationDeps) {
  const { origin } = config;
  const federation: Federation<void> = createFederation<void>({
    kv,
    queue,
    manuallyStartQueue: true,
    origin,
    allowPrivateAddress: config.allowPrivateAddress,
  });

  const mediaUrl = (key: string) => (/^https?:\/\//.test(key) ? key : `${origin}/api/media/${key}`);

  function articleOf(ctx: Context<void>, post: ArticleRow): Article {
    const author = String(post.authorId);
    return new Article({
      id: ctx.getObjectUri(Article, { id: String(post.id) }),
      attribution: ctx.getActorUri(author),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(author),
      name: post.title,
      content: markdownToHtml(post.content),
      url: new URL(`/post/${post.id}`, origin),
      published: instantOf(post.createdAt),
      updated: post.updatedAt > post.createdAt ? instantOf(post.updatedAt) : null,
      tags: post.tags.map(
        (tag) => new Hashtag({ href: new URL(`/tags/${encodeURIComponent(tag)}`, origin), name: `#${tag}` }),
      ),
    });
  }

  const createOf = (ctx: Context<void>, post: ArticleRow) => {
    const article = articleOf(ctx, post);
    return new Create({
      id: new URL(`${article.id?.href}#create`),
      actor: article.attributionId,
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(String(post.authorId)),
      published: article.published,
      object: article,
    });
  };

  /** An activity about the author's post, addressed as the post was: public, and to their followers. */
  const addressing = (ctx: Context<void>, authorId: number) => ({
    actor: ctx.getActorUri(String(authorId)),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(String(authorId)),
  });

  /**
   * Sends `activity` of `authorId` to their remote followers through Fedify's queue (their shared
   * inboxes where they have one), while their actor exists. A failure to enqueue is logged, never the
   * failure of the request that caused it (which has committed).
   */
  async function sendToFollowers(
    authorId: number,
    what: string,
    activity: (ctx: Context<void>) => Create | Update | Delete | Promise<Create | Update | Delete | null>,
  ) {
    try {
      if ((await actorState(db, authorId)).kind !== 'person') return;
      const followers = await selectRemoteFollowerInboxes(db, authorId);
      if (followers.length === 0) return;
      const ctx = federation.createContext(new URL(origin), undefined);
      const made = await activity(ctx);
      if (!made) return;
      const recipients: Recipient[] = followers.map((follower) => ({
        id: new URL(follower.actorUri),
        inboxId: new URL(follower.inboxUrl),
        endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
      }));
      await ctx.sendActivity({ identifier: String(authorId) }, recipients, made, { preferSharedInbox: true });
    } catch (error) {
      log.error({ err: error, authorId }, `${what} could not be sent to remote followers`);
    }
  }

  /** The id of our post that `uri` is the Article of, or null. */
  const postIdOf = (ctx: Context<void>, uri: URL | null) => {
    const parsed = uri ? ctx.parseUri(uri) : null;
    return parsed?.type === 'object' && parsed.class === Article ? userIdOf(parsed.values.id ?? '') : null;
  };

  /**
   * A remote person's `Like` or `Announce` of one of our public posts: the person is recorded (or their
   * record refreshed) and the reaction counted once; a like tells the post's author.
   */
  async function react(ctx: Context<void>, activity: Activity, kind: 'LIKE' | 'ANNOUNCE') {
    if (!activity.id || !activity.actorId) return;
    const postId = postIdOf(ctx, activity.objectId);
    const post = postId === null ? null : await findPublicPost(db, postId);
    if (!post || (await actorState(db, post.authorId)).kind !== 'person') return;
    const actor = await activity.getActor(ctx);
    if (!isActor(actor) || actor.id?.href !== activity.actorId.href) return;
    const icon = await actor.getIcon(ctx).catch(() => null);
    const remote = {
      uri: actor.id.href,
      // Their name at their actor's host: getActorHandle would ask their WebFinger, over https only.
      handle: `@${actor.preferredUsername ?? 'someone'}@${actor.id.host}`,
      name: actor.name?.toString() ?? null,
      iconUrl: icon?.url instanceof URL ? icon.url.href : null,
      profileUrl: actor.url instanceof URL ? actor.url.href : actor.id.href,
    };
    await db.transaction(async (tx) => {
      const remoteActorId = await upsertRemoteActor(tx, remote);
      const added = await insertRemoteReaction(tx, {
        postId: post.id,
        remoteActorId,
        kind,
        activityId: activity.id!.href,
      });
      if (added && kind === 'LIKE')
        await events.publish(tx, {
          type: 'post.liked.remotely',
          postId: post.id,
          postAuthorId: post.authorId,
          handle: remote.handle,
        });
    });
  }

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const userId = userIdOf(identifier);
      if (userId === null) return null;
      const state = await actorState(db, userId);
      if (state.kind === 'absent') return null;
      if (state.kind === 'gone')
        return new Tombstone({ id: ctx.getActorUri(identifier), deleted: instantOf(state.since) });
      const { actor } = state;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: actor.handle,
        name: actor.name,
        summary: actor.bio ? `<p>${escapeHtml(actor.bio)}</p>` : null,
        url: new URL(`/@${actor.handle}`, origin),
        icon: actor.profilePicture ? new Image({ url: new URL(mediaUrl(actor.profilePicture)) }) : null,
        published: instantOf(actor.createdAt),
        manuallyApprovesFollowers: false,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .mapHandle(async (_ctx, handle) => {
      const id = await findUserIdByHandle(db, handle);
      return id === null ? null : String(id);
    })
    .mapAlias((_ctx, resource) => {
      // The profile page's address also finds the person (Mastodon's search accepts it).
      const match = resource.origin === origin && /^\/@([a-z0-9_]{3,30})$/.exec(resource.pathname);
      return match ? { username: match[1]! } : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const userId = userIdOf(identifier);
      if (userId === null) return [];
      let rows = await selectActorKeys(db, userId);
      if (rows.length < KEY_ALGORITHMS.length) {
        const made = await Promise.all(
          KEY_ALGORITHMS.map(async (algorithm) => {
            const pair = await generateCryptoKeyPair(algorithm);
            return {
              algorithm,
              publicKey: await exportJwk(pair.publicKey),
              privateKey: await exportJwk(pair.privateKey),
            };
          }),
        );
        // A user deleted in the meantime fails the foreign key: no keys, no actor.
        await insertActorKeys(db, userId, made).catch(() => {});
        rows = await selectActorKeys(db, userId);
      }
      return Promise.all(
        rows.map(async (row) => ({
          publicKey: await importJwk(row.publicKey as webcrypto.JsonWebKey, 'public'),
          privateKey: await importJwk(row.privateKey as webcrypto.JsonWebKey, 'private'),
        })),
      );
    });

  federation
    .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const userId = userIdOf(target.identifier);
      if (userId === null || (await actorState(db, userId)).kind !== 'person') return;
      const follower = await follow.getActor(ctx);
      if (!isActor(follower) || !follower.id || !follower.inboxId) return;
      if (follower.id.href !== follow.actorId.href) return;
      // Their name at their actor's host: getActorHandle would ask their WebFinger, over https only.
      const handle = `@${follower.preferredUsername ?? 'someone'}@${follower.id.host}`;
      await db.transaction(async (tx) => {
        const isNew = await insertRemoteFollower(tx, {
          userId,
          actorUri: follower.id!.href,
          handle,
          inboxUrl: follower.inboxId!.href,
          sharedInboxUrl: follower.endpoints?.sharedInbox?.href ?? null,
          followId: follow.id!.href,
        });
        if (isNew) await events.publish(tx, { type: 'user.followed.remotely', followedId: userId, handle });
      });
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({
          id: new URL(`#accepts/${randomUUID()}`, ctx.getActorUri(target.identifier)),
          actor: ctx.getActorUri(target.identifier),
          object: follow,
        }),
      );
    })
    .on(Like, (ctx, like) => react(ctx, like, 'LIKE'))
    .on(Announce, (ctx, announce) => react(ctx, announce, 'ANNOUNCE'))
    .on(Undo, async (ctx, undo) => {
      // A like or share taken back is found by the id of the activity the Undo names, without fetching it.
      if (
        undo.actorId &&
        undo.objectId &&
        (await deleteRemoteReaction(db, undo.actorId.href, undo.objectId.href))
      )
        return;
      const follow = await undo.getObject(ctx);
      if (!(follow instanceof Follow) || !undo.actorId || !follow.objectId) return;
      // Only the follower may take their follow back.
      if (follow.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(follow.objectId);
      const userId = target?.type === 'actor' ? userIdOf(target.identifier) : null;
      if (userId !== null) await deleteRemoteFollower(db, userId, undo.actorId.href);
    })
    // Following others is only sent so far (`follow`), their posts not yet shown: what arrives is logged.
    .on(Accept, (_ctx, accept) => {
      log.info({ actor: accept.actorId?.href, object: accept.objectId?.href }, 'a follow was accepted');
    })
    .on(Create, (_ctx, create) => {
      log.info({ actor: create.actorId?.href, object: create.objectId?.href }, 'a post arrived');
    })
    .on(Update, (_ctx, update) => {
      log.info({ actor: update.actorId?.href, object: update.objectId?.href }, 'a post was updated');
    })
    .on(Delete, (_ctx, deletion) => {
      log.info({ actor: deletion.actorId?.href, object: deletion.objectId?.href }, 'a post was deleted');
    });

  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (ctx, identifier, cursor) => {
      const userId = userIdOf(identifier);
      if (userId === null || cursor === null || (await actorState(db, userId)).kind !== 'person') return null;
      const beforeId = cursor === '' ? null : userIdOf(cursor);
      if (cursor !== '' && beforeId === null) return null;
      const rows = await selectOutboxPage(db, userId, beforeId, OUTBOX_PAGE_SIZE + 1);
      const page = rows.slice(0, OUTBOX_PAGE_SIZE);
      return {
        items: page.map((post) => createOf(ctx, post)),
        nextCursor: rows.length > OUTBOX_PAGE_SIZE ? String(page.at(-1)!.id) : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      const userId = userIdOf(identifier);
      return userId === null ? null : countOutbox(db, userId);
    })
    .setFirstCursor(() => '');

  // Follower and following lists are not published, only their counts (as a profile shows them).
  const countOf = (which: 'followers' | 'following') => async (_ctx: unknown, identifier: string) => {
    const userId = userIdOf(identifier);
    if (userId === null) return null;
    const state = await actorState(db, userId);
    if (state.kind !== 'person') return null;
    return which === 'followers'
      ? state.actor.followersCount + state.actor.remoteFollowersCount
      : state.actor.followingCount;
  };
  federation.setFollowersDispatcher(FOLLOWERS_PATH, () => ({ items: [] })).setCounter(countOf('followers'));
  federation.setFollowingDispatcher(FOLLOWING_PATH, () => ({ items: [] })).setCounter(countOf('following'));

  federation.setObjectDispatcher(Article, ARTICLE_PATH, async (ctx, { id }) => {
    const postId = userIdOf(id);
    const post = postId === null ? null : await findPublicPost(db, postId);
    if (!post || (await actorState(db, post.authorId)).kind !== 'person') return null;
    return articleOf(ctx, post);
  });

  return {
    federation,

    /**
     * Sends a `Follow` from the viewer to someone on another server, named by `@name@server` or by their
     * profile's address. The viewer's own actor must exist (profile shown to visitors): the other
     * server fetches it to check the signature.
     */
    async follow(viewer: Viewer, account: string): Promise<RemoteFollowResponse> {
      const identifier = String(viewer.id);
      if ((await actorState(db, viewer.id)).kind !== 'person')
        throw forbidden(REMOTE_FOLLOW_MESSAGES.profileNotShown);
      const ctx = federation.createContext(new URL(origin), undefined);
      let target: APObject | null = null;
      try {
        target = await ctx.lookupObject(account.startsWith('http') ? account : account.replace(/^@?/, '@'));
      } catch (error) {
        log.info({ err: error, account }, 'a remote account could not be looked up');
      }
      if (!isActor(target) || !target.id) throw notFound(REMOTE_FOLLOW_MESSAGES.accountNotFound);
      await ctx.sendActivity(
        { identifier },
        target,
        new Follow({
          id: new URL(`#follows/${randomUUID()}`, ctx.getActorUri(identifier)),
          actor: ctx.getActorUri(identifier),
          object: target.id,
        }),
      );
      return { actor: target.id.href };
    },

    /**
     * Sends a new post as `Create(Article)` to the author's remote followers. Called once the post's
     * transaction has committed.
     */
    async announcePost(postId: number): Promise<void> {
      const post = await findPublicPost(db, postId);
      if (post) await sendToFollowers(post.authorId, 'a new post', (ctx) => createOf(ctx, post));
    },

    /**
     * Sends an edited post as `Update(Article)`, each edit its own activity (a server handles an
     * activity id once). A post no one may read any more (hidden) is not sent.
     */
    async announceUpdate(postId: number): Promise<void> {
      const post = await findPublicPost(db, postId);
      if (!post) return;
      await sendToFollowers(post.authorId, 'an edited post', (ctx) => {
        const article = articleOf(ctx, post);
        return new Update({
          id: new URL(`${article.id?.href}#updates/${randomUUID()}`),
          ...addressing(ctx, post.authorId),
          updated: instantOf(post.updatedAt),
          object: article,
        });
      });
    },

    /**
     * Sends `Delete` with a `Tombstone` of a post that was deleted or hidden by a moderator: other
     * servers drop their copy. Its id is new each time: a post hidden, shown and hidden again is
     * deleted again.
     */
    async announceDeletion(authorId: number, postId: number): Promise<void> {
      await sendToFollowers(authorId, 'a deleted post', (ctx) => {
        const articleId = ctx.getObjectUri(Article, { id: String(postId) });
        return new Delete({
          id: new URL(`${articleId.href}#deletes/${randomUUID()}`),
          ...addressing(ctx, authorId),
          object: new Tombstone({ id: articleId, deleted: Temporal.Now.instant() }),
        });
      });
    },
  };
}
export type PathwiseFederation = ReturnType<typeof createPathwiseFederation>;
