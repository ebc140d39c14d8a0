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
  Note,
  Person,
  PUBLIC_COLLECTION,
  type Recipient,
  Reject,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { REMOTE_FOLLOW_MESSAGES, type RemoteFollowResponse } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FederationConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { forbidden } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { refusePrivateUrl } from '../../lib/federation-fetch.js';
import type { Viewer } from '../../lib/viewer.js';
import { createRemoteComments } from '../comments/index.js';
import { escapeHtml } from '../link-previews/index.js';
import { createAccountActivities } from './account-activities.js';
import { instantOf, markdownToHtml } from './article.js';
import {
  type ArticleRow,
  countOutbox,
  deleteRemoteFollower,
  deleteRemoteReaction,
  findActor,
  findPublicPlan,
  findPublicPost,
  findUserIdByHandle,
  insertActorKeys,
  insertRemoteFollower,
  insertRemoteReaction,
  type OutboxKey,
  type PlanArticleRow,
  type RemoteActorInput,
  selectActorKeys,
  selectOutboxKeys,
  selectPublicPlans,
  selectPublicPosts,
  selectRemoteFollowerInboxes,
  upsertRemoteActor,
} from './federation.queries.js';
import { fetchOptions } from './fetch-options.js';
import { setNodeInfo } from './nodeinfo.js';
import { noteToMarkdown } from './note-content.js';
import { deleteRemoteActorTraces, refreshRemoteActor } from './remote-accounts.queries.js';
import { createRemoteFollowing } from './remote-following.js';
import { isRemoteActorBlocked } from './remote-following.queries.js';

/** Where each ActivityPub document lives; the web app's pages (`/@handle`, `/post/:id`) stay put. */
export const ACTOR_PATH = '/ap/users/{identifier}';
const INBOX_PATH = '/ap/users/{identifier}/inbox';
const SHARED_INBOX_PATH = '/ap/inbox';
const OUTBOX_PATH = '/ap/users/{identifier}/outbox';
const FOLLOWERS_PATH = '/ap/users/{identifier}/followers';
const FOLLOWING_PATH = '/ap/users/{identifier}/following';
/** Posts (`/ap/posts/{id}`) and plans (`/ap/plans/{id}`): Fedify takes one path per object class. */
const ARTICLE_PATH = '/ap/{kind}/{id}';
const ARTICLE_KINDS = ['posts', 'plans'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** Posts and plans per page of an outbox. */
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

/** The outbox cursor `kind-id-micros` (where a page ended), or null when it is not one. */
function outboxKeyOf(cursor: string): OutboxKey | null {
  const match = /^(posts|plans)-([1-9]\d{0,9})-(\d{1,18})$/.exec(cursor);
  const id = match ? userIdOf(match[2]!) : null;
  return match && id !== null ? { kind: match[1] as ArticleKind, id, micros: match[3]! } : null;
}

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
    ...fetchOptions(kv, config.allowPrivateAddress),
  });

  setNodeInfo(federation, db);
  const remoteComments = createRemoteComments({ events });
  const following = createRemoteFollowing({ db, log, origin, federation });

  const mediaUrl = (key: string) => (/^https?:\/\//.test(key) ? key : `${origin}/api/media/${key}`);

  const articleUri = (ctx: Context<void>, kind: ArticleKind, id: number) =>
    ctx.getObjectUri(Article, { kind, id: String(id) });

  /** A post or plan as an `Article`: `content` is its HTML, `page` its page in the web app. */
  function articleOf(
    ctx: Context<void>,
    kind: ArticleKind,
    row: ArticleRow | PlanArticleRow,
    content: string,
    page: string,
  ): Article {
    const author = String(row.authorId);
    return new Article({
      id: articleUri(ctx, kind, row.id),
      attribution: ctx.getActorUri(author),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(author),
      name: row.title,
      content,
      url: new URL(page, origin),
      published: instantOf(row.createdAt),
      updated: row.updatedAt > row.createdAt ? instantOf(row.updatedAt) : null,
      tags: row.tags.map(
        (tag) => new Hashtag({ href: new URL(`/tags/${encodeURIComponent(tag)}`, origin), name: `#${tag}` }),
      ),
    });
  }

  const postArticleOf = (ctx: Context<void>, post: ArticleRow) =>
    articleOf(ctx, 'posts', post, markdownToHtml(post.content), `/post/${post.id}`);

  /** A plan reads as its description, then its topics in their order (their resources stay on its page). */
  function planArticleOf(ctx: Context<void>, plan: PlanArticleRow) {
    const topics = plan.topics.map((title) => `<li>${escapeHtml(title)}</li>`).join('');
    const content = markdownToHtml(plan.description) + (topics ? `<ol>${topics}</ol>` : '');
    return articleOf(ctx, 'plans', plan, content, `/learning-plan/${plan.id}`);
  }

  /** Our post or plan `id` as an `Article`, with its author, while anyone may read it; else null. */
  async function readArticle(kind: ArticleKind, id: number) {
    if (kind === 'posts') {
      const post = await findPublicPost(db, id);
      return post && { authorId: post.authorId, of: (ctx: Context<void>) => postArticleOf(ctx, post) };
    }
    const plan = await findPublicPlan(db, id);
    return plan && { authorId: plan.authorId, of: (ctx: Context<void>) => planArticleOf(ctx, plan) };
  }

  /**
   * The `Create` of an Article: `#create` in the outbox; a delivery's id is new each time, since a plan
   * made private and public again is created again (a server handles an activity id once).
   */
  const createOf = (article: Article, fresh = false) =>
    new Create({
      id: new URL(`${article.id?.href}#create${fresh ? `s/${randomUUID()}` : ''}`),
      actor: article.attributionId,
      to: PUBLIC_COLLECTION,
      cc: article.ccId,
      published: article.published,
      object: article,
    });

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
    if (parsed?.type !== 'object' || parsed.class !== Article || parsed.values.kind !== 'posts') return null;
    return userIdOf(parsed.values.id ?? '');
  };

  /** How a remote person is recorded here, from their actor document. */
  async function describeActor(ctx: Context<void>, actor: APObject): Promise<RemoteActorInput | null> {
    if (!isActor(actor) || !actor.id) return null;
    const icon = await actor.getIcon(ctx).catch(() => null);
    return {
      uri: actor.id.href,
      // Their name at their actor's host: getActorHandle would ask their WebFinger, over https only.
      handle: `@${actor.preferredUsername ?? 'someone'}@${actor.id.host}`,
      name: actor.name?.toString() ?? null,
      iconUrl: icon?.url instanceof URL ? icon.url.href : null,
      profileUrl: actor.url instanceof URL ? actor.url.href : actor.id.href,
    };
  }

  /** The actor of `activity` (the one who signed it: Fedify checked), or null. */
  async function remoteActorOf(ctx: Context<void>, activity: Activity) {
    const actor = await activity.getActor(ctx).catch(() => null);
    if (!actor || actor.id?.href !== activity.actorId?.href) return null;
    return describeActor(ctx, actor);
  }

  /**
   * The Note of a `Create` or `Update`, when it is the actor's own: attributed to them and with an id
   * on their server (no one answers for a Note of someone else's).
   */
  async function ownNoteOf(ctx: Context<void>, activity: Create | Update) {
    const object = await activity.getObject(ctx).catch(() => null);
    const actorId = activity.actorId;
    if (!(object instanceof Note) || !object.id || !actorId) return null;
    if (object.attributionId?.href !== actorId.href || object.id.origin !== actorId.origin) return null;
    return object;
  }

  const markdownOf = (note: Note) =>
    noteToMarkdown(note.content?.toString() ?? '', note.summary?.toString() ?? null);

  /**
   * A Note replying to one of our public posts, or to a comment on one that came from elsewhere,
   * becomes a comment by its remote author; a reply to anything else is not ours to keep. True when
   * it was such a reply (kept, or dropped because the post may not be read).
   */
  async function reply(ctx: Context<void>, create: Create, note: Note): Promise<boolean> {
    const target = note.replyTargetId;
    if (!target) return false;
    const parent = postIdOf(ctx, target) === null ? await remoteComments.findPlace(db, target.href) : null;
    const postId = parent?.postId ?? postIdOf(ctx, target);
    if (postId === null) return false;
    const post = await findPublicPost(db, postId);
    if (!post || (await actorState(db, post.authorId)).kind !== 'person') return true;
    const remote = await remoteActorOf(ctx, create);
    if (!remote) return true;
    await db.transaction(async (tx) => {
      const remoteActorId = await upsertRemoteActor(tx, remote);
      await remoteComments.add(tx, {
        postId,
        parent,
        remoteActorId,
        handle: remote.handle,
        actorUri: remote.uri,
        remoteUri: note.id!.href,
        content: markdownOf(note),
      });
    });
    return true;
  }

  /**
   * Their account went (`Delete` of their actor): their comments go as comments their author deletes,
   * their likes, shares and follows with them. Their record stays for any comment kept for its replies.
   */
  async function forgetActor(actorUri: string) {
    await db.transaction(async (tx) => {
      for (const uri of await remoteComments.selectUrisOf(tx, actorUri))
        await remoteComments.remove(tx, uri, actorUri);
      await deleteRemoteActorTraces(tx, actorUri);
    });
  }

  /**
   * A remote person's `Like` or `Announce` of one of our public posts: the person is recorded (or their
   * record refreshed) and the reaction counted once; a like tells the post's author.
   */
  async function react(ctx: Context<void>, activity: Activity, kind: 'LIKE' | 'ANNOUNCE') {
    if (!activity.id || !activity.actorId) return;
    const postId = postIdOf(ctx, activity.objectId);
    const post = postId === null ? null : await findPublicPost(db, postId);
    if (!post || (await actorState(db, post.authorId)).kind !== 'person') return;
    const remote = await remoteActorOf(ctx, activity);
    if (!remote) return;
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
          actorUri: remote.uri,
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
      // Someone the person blocked follows them no more: their Follow is left unanswered, as Mastodon does.
      if (await isRemoteActorBlocked(db, userId, follower.id.href)) {
        log.info({ actor: follower.id.href }, 'a follow from someone the person blocked was refused');
        return;
      }
      // Deliveries go to these addresses later: none may be a private one (Fedify does not check them).
      const inboxes = [follower.inboxId.href, follower.endpoints?.sharedInbox?.href].filter((url) => !!url);
      try {
        for (const url of inboxes) await refusePrivateUrl(url!, config.allowPrivateAddress);
      } catch (error) {
        log.warn({ err: error, actor: follower.id.href }, 'a follow with a private inbox was refused');
        return;
      }
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
        if (isNew) {
          const actorUri = follower.id!.href;
          await events.publish(tx, { type: 'user.followed.remotely', followedId: userId, handle, actorUri });
        }
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
    // Answers to our follows, and the posts of people followed from here (logged too: tests wait on them).
    .on(Accept, async (_ctx, accept) => {
      log.info({ actor: accept.actorId?.href, object: accept.objectId?.href }, 'a follow was accepted');
      await following.answered(accept, 'ACCEPTED');
    })
    .on(Reject, async (_ctx, reject) => {
      log.info({ actor: reject.actorId?.href, object: reject.objectId?.href }, 'a follow was rejected');
      await following.answered(reject, 'REJECTED');
    })
    // A Note replying to us becomes a comment; anything else may be a post of someone followed from here.
    .on(Create, async (ctx, create) => {
      const note = await ownNoteOf(ctx, create);
      if (note && (await reply(ctx, create, note))) return;
      log.info({ actor: create.actorId?.href, object: create.objectId?.href }, 'a post arrived');
      await following.created(ctx, create);
    })
    .on(Update, async (ctx, update) => {
      const actorId = update.actorId;
      if (actorId && update.objectId?.href === actorId.href) {
        // Their profile changed: what is kept of them follows, whoever they are to us.
        const actor = await update.getObject(ctx).catch(() => null);
        const remote = actor?.id?.href === actorId.href ? await describeActor(ctx, actor) : null;
        if (remote) await refreshRemoteActor(db, remote);
        return;
      }
      const note = await ownNoteOf(ctx, update);
      if (note && actorId) {
        const content = markdownOf(note);
        const edited = await db.transaction((tx) =>
          remoteComments.edit(tx, note.id!.href, actorId.href, content),
        );
        if (edited) return;
      }
      log.info({ actor: actorId?.href, object: update.objectId?.href }, 'a post was updated');
      await following.updated(ctx, update);
    })
    .on(Delete, async (_ctx, deletion) => {
      const actorId = deletion.actorId;
      const objectId = deletion.objectId;
      if (!actorId || !objectId) return;
      if (objectId.href === actorId.href) {
        await forgetActor(actorId.href);
        return;
      }
      // Only the Note's author deletes it: the comment is found by the Note's id and its actor both.
      if (await db.transaction((tx) => remoteComments.remove(tx, objectId.href, actorId.href))) return;
      log.info({ actor: actorId.href, object: objectId.href }, 'a post was deleted');
      await following.deleted(deletion);
    });

  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (ctx, identifier, cursor) => {
      const userId = userIdOf(identifier);
      if (userId === null || cursor === null || (await actorState(db, userId)).kind !== 'person') return null;
      const after = cursor === '' ? null : outboxKeyOf(cursor);
      if (cursor !== '' && after === null) return null;
      const keys = await selectOutboxKeys(db, userId, after, OUTBOX_PAGE_SIZE + 1);
      const page = keys.slice(0, OUTBOX_PAGE_SIZE);
      const idsOf = (kind: ArticleKind) =>
        page.filter((key) => key.kind === kind).map((key) => Number(key.id));
      const [posts, plans] = await Promise.all([
        selectPublicPosts(db, idsOf('posts')),
        selectPublicPlans(db, idsOf('plans')),
      ]);
      const articles = new Map([
        ...posts.map((post) => [`posts-${post.id}`, postArticleOf(ctx, post)] as const),
        ...plans.map((plan) => [`plans-${plan.id}`, planArticleOf(ctx, plan)] as const),
      ]);
      const last = page.at(-1);
      return {
        items: page
          .flatMap((key) => articles.get(`${key.kind}-${key.id}`) ?? [])
          .map((item) => createOf(item)),
        nextCursor: keys.length > OUTBOX_PAGE_SIZE && last ? `${last.kind}-${last.id}-${last.micros}` : null,
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

  federation.setObjectDispatcher(Article, ARTICLE_PATH, async (ctx, { kind, id }) => {
    const itemId = userIdOf(id);
    if (!ARTICLE_KINDS.includes(kind as ArticleKind) || itemId === null) return null;
    const article = await readArticle(kind as ArticleKind, itemId);
    if (!article || (await actorState(db, article.authorId)).kind !== 'person') return null;
    return article.of(ctx);
  });

  return {
    federation,
    accounts: createAccountActivities({ federation, db, origin, log }),

    /**
     * Sends a `Follow` from the viewer to someone on another server, named by `@name@server` or by their
     * profile's address. The viewer's own actor must exist (profile shown to visitors): the other
     * server fetches it to check the signature.
     */
    async follow(viewer: Viewer, account: string): Promise<RemoteFollowResponse> {
      if ((await actorState(db, viewer.id)).kind !== 'person')
        throw forbidden(REMOTE_FOLLOW_MESSAGES.profileNotShown);
      return following.follow(viewer.id, account);
    },

    /** Stops following someone on another server: `Undo(Follow)` goes to them. */
    unfollow: (viewer: Viewer, remoteActorId: number) => following.unfollow(viewer.id, remoteActorId),

    /** Blocks or mutes someone on another server for the viewer (`on`), or lifts it. */
    async restrict(viewer: Viewer, remoteActorId: number, restriction: 'BLOCK' | 'MUTE', on: boolean) {
      const federates = (await actorState(db, viewer.id)).kind === 'person';
      return following.restrict(viewer.id, remoteActorId, { restriction, on, federates });
    },

    /** A remote account known here, as the viewer sees it (their follow state). */
    account: (viewer: Viewer, remoteActorId: number) => following.account(viewer.id, remoteActorId),

    /** The account a search names (`@name@server`, a profile's address), found on its server, or null. */
    findAccount: (viewer: Viewer, query: string) => following.find(viewer.id, query),

    /**
     * Sends a new post, or a plan that became public, as `Create(Article)` to the author's remote
     * followers. Called once the transaction has committed.
     */
    async announceCreation(kind: ArticleKind, id: number): Promise<void> {
      const article = await readArticle(kind, id);
      if (article)
        await sendToFollowers(article.authorId, `a new ${kind}`, (ctx) => createOf(article.of(ctx), true));
    },

    /**
     * Sends an edited post or plan as `Update(Article)`, each edit its own activity (a server handles
     * an activity id once). One no one may read any more (hidden, private) is not sent.
     */
    async announceUpdate(kind: ArticleKind, id: number): Promise<void> {
      const found = await readArticle(kind, id);
      if (!found) return;
      await sendToFollowers(found.authorId, `an edited ${kind}`, (ctx) => {
        const article = found.of(ctx);
        return new Update({
          id: new URL(`${article.id?.href}#updates/${randomUUID()}`),
          ...addressing(ctx, found.authorId),
          updated: article.updated ?? Temporal.Now.instant(),
          object: article,
        });
      });
    },

    /**
     * Sends `Delete` with a `Tombstone` of a post or plan that was deleted, hidden by a moderator or
     * (a plan) made private: other servers drop their copy. Its id is new each time: something hidden,
     * shown and hidden again is deleted again.
     */
    async announceDeletion(kind: ArticleKind, authorId: number, id: number): Promise<void> {
      await sendToFollowers(authorId, `a deleted ${kind}`, (ctx) => {
        const articleId = articleUri(ctx, kind, id);
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
