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
  Application,
  Article,
  Create,
  Delete,
  Endpoints,
  Flag,
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
  Video,
} from '@fedify/vocab';
import {
  FEDERATION_LIMITS,
  mentionedAccounts,
  REMOTE_FOLLOW_MESSAGES,
  type RemoteFollowResponse,
} from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FederationConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { forbidden } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { refusePrivateUrl } from '../../lib/federation-fetch.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { Viewer } from '../../lib/viewer.js';
import { createRemoteComments } from '../comments/index.js';
import { escapeHtml } from '../link-previews/index.js';
import { createAccountActivities } from './account-activities.js';
import { markdownToHtml } from './article.js';
import { createCommentNotes, NOTE_PATH } from './comment-notes.js';
import { findPublicComment } from './comment-notes.queries.js';
import { deliverableInboxes } from './delivery-guard.js';
import {
  type ArticleMedia,
  type ArticleRow,
  countOutbox,
  deleteRemoteFollower,
  deleteRemoteReaction,
  findActor,
  findPublicPlan,
  findPublicPost,
  findUserIdByHandle,
  insertActorKeys,
  insertInstanceActorKeys,
  insertRemoteFollower,
  insertRemoteReaction,
  lockShownActor,
  type OutboxKey,
  type PlanArticleRow,
  type RemoteActorInput,
  selectActorKeys,
  selectInstanceActorKeys,
  selectOutboxKeys,
  selectPublicPlans,
  selectPublicPosts,
  selectRemoteFollowerInboxes,
  upsertRemoteActor,
} from './federation.queries.js';
import { fetchOptions } from './fetch-options.js';
import { goneActorDeletion } from './gone-actors.js';
import { instantNow, instantOf } from './instant.js';
import { setNodeInfo } from './nodeinfo.js';
import { noteToMarkdown } from './note-content.js';
import { deleteRemoteActorTraces, refreshRemoteActor } from './remote-accounts.queries.js';
import { createRemoteFollowing } from './remote-following.js';
import { isRemoteActorBlocked } from './remote-following.queries.js';
import { createRemoteInteractions, replyIdOf } from './remote-interactions.js';
import {
  createRemoteMentions,
  linkMentions,
  type MentionedActor,
  mentionRecipients,
  mentionTags,
} from './remote-mentions.js';
import { createRemoteReports, type FlaggedTarget, INSTANCE_ACTOR } from './remote-reports.js';

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
  /** The app's job queue: mentions of people elsewhere are looked up there, off the request's path. */
  jobs: JobQueue;
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
export function createPathwiseFederation({ db, events, kv, queue, jobs, config, log }: FederationDeps) {
  const { origin } = config;
  const guard = { allowPrivateAddress: config.allowPrivateAddress, log };
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
  const remoteReports = createRemoteReports({ db, log, origin, federation, lookUp: following.lookUp });
  const mentions = createRemoteMentions({
    ...{ db, jobs, federation, origin, ...guard },
    lookUp: following.lookUp,
    remember: following.remember,
  });

  const mediaUrl = (key: string) => (/^https?:\/\//.test(key) ? key : `${origin}/api/media/${key}`);

  /** A post's image or video as an attachment: its original file, its alt text as `name` when it has one. */
  const attachmentOf = (media: ArticleMedia) =>
    new (media.type === 'VIDEO' ? Video : Image)({
      url: new URL(mediaUrl(media.fileKey)),
      mediaType: media.mimeType,
      name: media.altText || null,
      width: media.width,
      height: media.height,
    });

  const articleUri = (ctx: Context<void>, kind: ArticleKind, id: number) =>
    ctx.getObjectUri(Article, { kind, id: String(id) });

  /**
   * A post or plan as an `Article`: `content` is its HTML, `page` its page in the web app, `mentioned`
   * the people elsewhere it names (in `cc` and tags).
   */
  function articleOf(
    ctx: Context<void>,
    kind: ArticleKind,
    row: ArticleRow | PlanArticleRow,
    content: string,
    page: string,
    mentioned: MentionedActor[] = [],
  ): Article {
    const author = String(row.authorId);
    return new Article({
      id: articleUri(ctx, kind, row.id),
      attribution: ctx.getActorUri(author),
      to: PUBLIC_COLLECTION,
      ccs: [ctx.getFollowersUri(author), ...mentioned.map((actor) => new URL(actor.uri))],
      name: row.title,
      content,
      url: new URL(page, origin),
      published: instantOf(row.createdAt),
      updated: row.updatedAt > row.createdAt ? instantOf(row.updatedAt) : null,
      attachments: 'media' in row ? row.media.map(attachmentOf) : [],
      tags: [
        ...row.tags.map(
          (tag) =>
            new Hashtag({ href: new URL(`/tags/${encodeURIComponent(tag)}`, origin), name: `#${tag}` }),
        ),
        ...mentionTags(mentioned),
      ],
    });
  }

  /** The people elsewhere a post mentions (`@name@server` in its title or content), the first few. */
  const accountsOf = (post: ArticleRow) => mentionedAccounts(post.title, post.content);

  /** A post as an `Article`, with the people it mentions among `known` (those recorded here). */
  function postArticleOf(ctx: Context<void>, post: ArticleRow, known: MentionedActor[]) {
    const accounts = accountsOf(post);
    const mentioned = known.filter((actor) => accounts.includes(actor.account));
    const content = linkMentions(markdownToHtml(post.content), mentioned, origin);
    return articleOf(ctx, 'posts', post, content, `/post/${post.id}`, mentioned);
  }

  /** A plan reads as its description, then its topics in their order (their resources stay on its page). */
  function planArticleOf(ctx: Context<void>, plan: PlanArticleRow) {
    const topics = plan.topics.map((title) => `<li>${escapeHtml(title)}</li>`).join('');
    const content = markdownToHtml(plan.description) + (topics ? `<ol>${topics}</ol>` : '');
    return articleOf(ctx, 'plans', plan, content, `/learning-plan/${plan.id}`);
  }

  /**
   * Our post or plan `id` as an `Article`, with its author and the people elsewhere it mentions (a
   * post's: `accounts` as written, `mentioned` those recorded here), while anyone may read it; else null.
   */
  async function readArticle(kind: ArticleKind, id: number) {
    if (kind === 'posts') {
      const post = await findPublicPost(db, id);
      if (!post) return null;
      const accounts = accountsOf(post);
      const mentioned = await mentions.known(accounts);
      return {
        authorId: post.authorId,
        accounts,
        mentioned,
        of: (ctx: Context<void>) => postArticleOf(ctx, post, mentioned),
      };
    }
    const plan = await findPublicPlan(db, id);
    return (
      plan && {
        authorId: plan.authorId,
        accounts: [],
        mentioned: [],
        of: (ctx: Context<void>) => planArticleOf(ctx, plan),
      }
    );
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
      ccs: article.ccIds,
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
   * inboxes where they have one), and to `also` (people it names) when they do not follow, while their
   * actor exists. A failure to enqueue is logged, never the failure of the request that caused it
   * (which has committed).
   */
  async function sendToFollowers(
    authorId: number,
    what: string,
    activity: (ctx: Context<void>) => Create | Update | Delete | Promise<Create | Update | Delete | null>,
    also: Recipient[] = [],
  ) {
    try {
      if ((await actorState(db, authorId)).kind !== 'person') return;
      const followers = await selectRemoteFollowerInboxes(db, authorId);
      if (followers.length === 0 && also.length === 0) return;
      const ctx = federation.createContext(new URL(origin), undefined);
      const made = await activity(ctx);
      if (!made) return;
      const recipients: Recipient[] = followers.map((follower) => ({
        id: new URL(follower.actorUri),
        inboxId: new URL(follower.inboxUrl),
        endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
      }));
      for (const named of also)
        if (!followers.some((follower) => follower.actorUri === named.id?.href)) recipients.push(named);
      // An object's Create, Update and Delete reach each server in the order they were made.
      const orderingKey = made.objectId?.href;
      await ctx.sendActivity({ identifier: String(authorId) }, recipients, made, {
        preferSharedInbox: true,
        ...(orderingKey && { orderingKey }),
      });
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

  /** The id of our comment that `uri` is the Note of, or null. */
  const commentIdOf = (ctx: Context<void>, uri: URL) => {
    const parsed = ctx.parseUri(uri);
    return parsed?.type === 'object' && parsed.class === Note ? userIdOf(parsed.values.id ?? '') : null;
  };

  const commentNotes = createCommentNotes({ db, origin, send: sendToFollowers, mentions });
  const interactions = createRemoteInteractions({ db, origin, federation, send: sendToFollowers });

  /**
   * What of ours `uri` names, for a report from elsewhere: a person whose actor is shown, a post or plan
   * of theirs anyone may read, or a comment's Note while it is one (anyone may read the comment); else
   * null (another server's object, or nothing they could see).
   */
  async function flaggedTarget(ctx: Context<void>, uri: URL): Promise<FlaggedTarget | null> {
    const parsed = ctx.parseUri(uri);
    if (parsed?.type === 'actor') {
      const userId = userIdOf(parsed.identifier);
      if (userId === null || (await actorState(db, userId)).kind !== 'person') return null;
      return { targetType: 'USER', targetId: userId };
    }
    const commentId = commentIdOf(ctx, uri);
    if (commentId !== null)
      return (await findPublicComment(db, commentId)) ? { targetType: 'COMMENT', targetId: commentId } : null;
    if (parsed?.type !== 'object' || parsed.class !== Article) return null;
    const kind = parsed.values.kind as ArticleKind;
    const id = userIdOf(parsed.values.id ?? '');
    if (!ARTICLE_KINDS.includes(kind) || id === null) return null;
    const article = await readArticle(kind, id);
    if (!article || (await actorState(db, article.authorId)).kind !== 'person') return null;
    return { targetType: kind === 'posts' ? 'POST' : 'LEARNING_PLAN', targetId: id };
  }

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

  /**
   * The actor of `activity` (the one who signed it: Fedify checked), or null; `withInboxes` adds where
   * a reply to them is delivered, left out when either is a private address (Fedify does not check).
   */
  async function remoteActorOf(ctx: Context<void>, activity: Activity, withInboxes = false) {
    const actor = await activity.getActor(ctx).catch(() => null);
    if (!actor || actor.id?.href !== activity.actorId?.href) return null;
    const described = await describeActor(ctx, actor);
    if (!described || !withInboxes || !isActor(actor)) return described;
    return { ...described, ...(await deliverableInboxes(actor, guard)) };
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
   * Where a reply to `target` goes when it names a comment: ours (by its Note) or one from elsewhere.
   * One of ours whose Note no one may read (hidden, or by a person or on a post of one not shown) takes no
   * replies: `closed`. A deleted one still takes them into its thread, as it does from here.
   */
  async function commentPlaceOf(ctx: Context<void>, target: URL) {
    if (postIdOf(ctx, target) !== null) return null;
    const commentId = commentIdOf(ctx, target);
    if (commentId === null) return remoteComments.findPlace(db, target.href);
    const place = await remoteComments.findPlaceOf(db, commentId);
    if (!place || place.deleted) return place;
    return (await findPublicComment(db, commentId)) ? place : 'closed';
  }

  /**
   * A Note replying to one of our public posts, or to a comment on one (ours, or one that came from
   * elsewhere), becomes a comment by its remote author; a reply to anything else is not ours to keep.
   * True when it was such a reply (kept, or dropped because the post may not be read).
   */
  async function reply(ctx: Context<void>, create: Create, note: Note): Promise<boolean> {
    const target = note.replyTargetId;
    if (!target) return false;
    const parent = await commentPlaceOf(ctx, target);
    if (parent === 'closed') return true;
    const postId = parent?.postId ?? postIdOf(ctx, target);
    if (postId === null) return false;
    const post = await findPublicPost(db, postId);
    if (!post || (await actorState(db, post.authorId)).kind !== 'person') return true;
    const remote = await remoteActorOf(ctx, create, true);
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

  /** This server's own actor: it signs what is sent in no one's name (a report's copy). */
  async function instanceActor(ctx: Context<void>) {
    const keys = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
    const host = new URL(origin).hostname;
    return new Application({
      id: ctx.getActorUri(INSTANCE_ACTOR),
      preferredUsername: host,
      name: host,
      url: new URL('/', origin),
      manuallyApprovesFollowers: true,
      inbox: ctx.getInboxUri(INSTANCE_ACTOR),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: keys[0]?.cryptographicKey ?? null,
      assertionMethods: keys.map((key) => key.multikey),
    });
  }

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceActor(ctx);
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
      if (id !== null) return String(id);
      // `host@host` names the instance actor, as on Mastodon (their check of an actor asks WebFinger).
      return handle === new URL(origin).hostname ? INSTANCE_ACTOR : null;
    })
    .mapAlias((_ctx, resource) => {
      // The profile page's address also finds the person (Mastodon's search accepts it).
      const match = resource.origin === origin && /^\/@([a-z0-9_]{3,30})$/.exec(resource.pathname);
      return match ? { username: match[1]! } : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const userId = userIdOf(identifier);
      if (userId === null && identifier !== INSTANCE_ACTOR) return [];
      const select = () => (userId === null ? selectInstanceActorKeys(db) : selectActorKeys(db, userId));
      let rows = await select();
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
        await (userId === null ? insertInstanceActorKeys(db, made) : insertActorKeys(db, userId, made)).catch(
          () => {},
        );
        rows = await select();
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
      // Their name, picture and profile, for the person's list of followers elsewhere.
      const described = await describeActor(ctx, follower);
      const followed = await db.transaction(async (tx) => {
        // Their profile may have been hidden since it was checked: then no actor answers the follow.
        if (!(await lockShownActor(tx, userId))) return false;
        if (described) await upsertRemoteActor(tx, described);
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
        return true;
      });
      if (!followed) return;
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
    // A report from elsewhere about people or posts of ours (Mastodon's forwarded report).
    .on(Flag, async (ctx, flag) => {
      const named: FlaggedTarget[] = [];
      for (const uri of flag.objectIds.slice(0, FEDERATION_LIMITS.flagObjects)) {
        const target = await flaggedTarget(ctx, uri);
        if (target) named.push(target);
      }
      await remoteReports.received(flag, named);
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
    })
    .onUnverifiedActivity(goneActorDeletion(forgetActor, guard));

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
      // The people the page's posts mention, in one statement (none when they mention no one).
      const known = await mentions.known([...new Set(posts.flatMap(accountsOf))]);
      const articles = new Map([
        ...posts.map((post) => [`posts-${post.id}`, postArticleOf(ctx, post, known)] as const),
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

  /**
   * Sends a post or plan, `created` (`Create`, a new activity id each time: a plan made private and
   * public again is created again) or `updated` (`Update`), to the author's remote followers and to the
   * people elsewhere it mentions. A post mentioning some is sent by a job once they are looked up
   * (`lookedUp`): their servers may be slow.
   */
  async function announceArticle(
    change: 'created' | 'updated',
    kind: ArticleKind,
    id: number,
    lookedUp = false,
  ) {
    const found = await readArticle(kind, id);
    if (!found) return;
    const { accounts } = found;
    if (!lookedUp && (await mentions.later({ of: kind, id, change, accounts }))) return;
    const activity = (ctx: Context<void>) => {
      const article = found.of(ctx);
      if (change === 'created') return createOf(article, true);
      return new Update({
        id: new URL(`${article.id?.href}#updates/${randomUUID()}`),
        actor: article.attributionId,
        to: PUBLIC_COLLECTION,
        ccs: article.ccIds,
        updated: article.updated ?? instantNow(),
        object: article,
      });
    };
    const what = change === 'created' ? `a new ${kind}` : `an edited ${kind}`;
    await sendToFollowers(found.authorId, what, activity, mentionRecipients(found.mentioned));
  }

  mentions.whenLookedUp((job) =>
    job.of === 'comments'
      ? commentNotes.announceLookedUp(job.change, job.id)
      : announceArticle(job.change, job.of, job.id, true),
  );

  federation.setObjectDispatcher(Note, NOTE_PATH, (ctx, { id }) => {
    const replyId = replyIdOf(id);
    if (replyId !== null) return interactions.read(ctx, replyId);
    const commentId = userIdOf(id);
    return commentId === null ? null : commentNotes.read(ctx, commentId);
  });

  return {
    federation,
    accounts: createAccountActivities({ federation, db, origin, log }),
    /** Comments from here as `Note`s: sent as they are written, edited and deleted. */
    comments: commentNotes,

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

    /**
     * Likes (`on`) a post from elsewhere in the viewer's Following feed, or takes the like back: `Like`
     * or `Undo(Like)` goes to its author, from the viewer's actor (which must exist).
     */
    async likeRemotePost(viewer: Viewer, remotePostId: number, on: boolean) {
      if ((await actorState(db, viewer.id)).kind !== 'person')
        throw forbidden(REMOTE_FOLLOW_MESSAGES.profileNotShown);
      return interactions.like(viewer.id, remotePostId, on);
    },

    /** Replies to a post from elsewhere: a `Create(Note)` to its author and the viewer's followers. */
    async replyToRemotePost(viewer: Viewer, remotePostId: number, content: string) {
      if ((await actorState(db, viewer.id)).kind !== 'person')
        throw forbidden(REMOTE_FOLLOW_MESSAGES.profileNotShown);
      return interactions.reply(viewer.id, remotePostId, content);
    },

    /** Edits the viewer's reply to a post from elsewhere: an `Update(Note)` where the reply went. */
    async editRemotePostReply(viewer: Viewer, remotePostId: number, replyId: number, content: string) {
      if ((await actorState(db, viewer.id)).kind !== 'person')
        throw forbidden(REMOTE_FOLLOW_MESSAGES.profileNotShown);
      return interactions.editReply(viewer.id, remotePostId, replyId, content);
    },

    /**
     * Deletes the viewer's reply to a post from elsewhere: a `Delete` of its Note where it went (nothing
     * is sent for a profile no longer shown, whose Notes are gone already).
     */
    deleteRemotePostReply: (viewer: Viewer, remotePostId: number, replyId: number) =>
      interactions.deleteReply(viewer.id, remotePostId, replyId),

    /** Sends a report's anonymous copy to the reported person's server; false when it could not be. */
    forwardReport: remoteReports.forward,

    /** A remote account known here, as the viewer sees it (their follow state). */
    account: (viewer: Viewer, remoteActorId: number) => following.account(viewer.id, remoteActorId),

    /** The account a search names (`@name@server`, a profile's address), found on its server, or null. */
    findAccount: (viewer: Viewer, query: string) => following.find(viewer.id, query),

    /**
     * Sends a new post, or a plan that became public, as `Create(Article)` to the author's remote
     * followers. Called once the transaction has committed.
     */
    announceCreation: (kind: ArticleKind, id: number) => announceArticle('created', kind, id),

    /**
     * Sends an edited post or plan as `Update(Article)`, each edit its own activity (a server handles
     * an activity id once). One no one may read any more (hidden, private) is not sent.
     */
    announceUpdate: (kind: ArticleKind, id: number) => announceArticle('updated', kind, id),

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
          object: new Tombstone({ id: articleId, deleted: instantNow() }),
        });
      });
    },
  };
}
export type PathwiseFederation = ReturnType<typeof createPathwiseFederation>;
