import { randomUUID } from 'node:crypto';
import type { Context, Federation } from '@fedify/fedify';
import {
  type Activity,
  type Actor,
  Article,
  Block,
  type Create,
  Document,
  Follow,
  isActor,
  Link,
  Note,
  PUBLIC_COLLECTION,
  Undo,
  type Update,
} from '@fedify/vocab';
import {
  looksLikeRemoteAccount,
  REMOTE_FOLLOW_MESSAGES,
  REMOTE_LOOKUP_TIMEOUT_MS,
  REMOTE_POST_LIMITS,
  type RemoteAccount,
  serverOfHandle,
} from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { upsertRemoteActor } from './federation.queries.js';
import { isBlockedHost } from './inbox-guard.js';
import {
  answerRemoteFollow,
  deleteRemoteFollow,
  deleteRemotePost,
  findFollowedActorId,
  findRemoteAccount,
  insertRemotePost,
  type RemotePostInput,
  setRemoteRestriction,
  updateRemotePost,
  upsertRemoteFollow,
} from './remote-following.queries.js';
import { remoteText, sanitizeRemoteHtml } from './remote-html.js';

type Deps = { db: Database; log: FastifyBaseLogger; origin: string; federation: Federation<void> };

const hrefOf = (value: URL | Link | null | undefined) =>
  value instanceof URL ? value.href : value instanceof Link ? (value.href?.href ?? null) : null;
const isWeb = (href: string | null): href is string => href !== null && /^https?:\/\//.test(href);
/** The host an account (`@name@server`, or a profile's address) is on, without its port. */
const hostOf = (account: string) =>
  URL.parse(account.startsWith('http') ? account : `http://${serverOfHandle(account)}`)?.hostname ?? null;

/**
 * Following people on other servers: finding them (search, the Follow button), our `Follow` and its
 * `Undo`, their server's `Accept` or `Reject`, and their public posts while someone here follows them.
 */
export function createRemoteFollowing({ db, log, origin, federation }: Deps) {
  const context = () => federation.createContext(new URL(origin), undefined);

  /**
   * The person `account` names, looked up on their server (SSRF-safe, with a time limit), or null. One on
   * a server a moderator blocked is not asked for (`refuse`: a 403 saying so), nor taken when the server
   * asked names an actor on a blocked one.
   */
  async function lookUp(ctx: Context<void>, account: string, { refuse = false } = {}): Promise<Actor | null> {
    const blocked = async (host: string | null) => {
      if (host === null || !(await isBlockedHost(db, [host]))) return false;
      if (refuse) throw forbidden(REMOTE_FOLLOW_MESSAGES.blockedServer);
      log.info({ account }, 'a lookup on a blocked server was refused');
      return true;
    };
    const host = hostOf(account);
    if (await blocked(host)) return null;
    const query = account.startsWith('http') ? account : account.replace(/^@?/, '@');
    let found: Awaited<ReturnType<typeof ctx.lookupObject>>;
    try {
      found = await ctx.lookupObject(query, { signal: AbortSignal.timeout(REMOTE_LOOKUP_TIMEOUT_MS) });
    } catch (error) {
      log.info({ err: error, account }, 'a remote account could not be looked up');
      return null;
    }
    if (!isActor(found) || !found.id || found.id.origin === origin) return null;
    return found.id.hostname !== host && (await blocked(found.id.hostname)) ? null : found;
  }

  /** Records `actor` (or refreshes them, with their `inboxes` when given) and answers their id here. */
  async function remember(
    ctx: Context<void>,
    actor: Actor,
    inboxes?: { inboxUrl: string | null; sharedInboxUrl: string | null },
  ) {
    const icon = await actor.getIcon(ctx).catch(() => null);
    const iconUrl = hrefOf(icon?.url);
    const profileUrl = hrefOf(actor.url);
    return upsertRemoteActor(db, {
      uri: actor.id!.href,
      // Their name at their actor's host: getActorHandle would ask their WebFinger, over https only.
      handle: `@${actor.preferredUsername ?? 'someone'}@${actor.id!.host}`,
      name: actor.name?.toString() ?? null,
      iconUrl: isWeb(iconUrl) ? iconUrl : null,
      profileUrl: isWeb(profileUrl) ? profileUrl : actor.id!.href,
      ...inboxes,
    });
  }

  async function accountOf(viewerId: number, id: number, bio = ''): Promise<RemoteAccount> {
    const row = await findRemoteAccount(db, id, viewerId);
    if (!row) throw notFound(REMOTE_FOLLOW_MESSAGES.unknownAccount);
    return {
      id: row.id,
      handle: row.handle,
      name: row.name,
      bio,
      profilePicture: row.iconUrl,
      url: row.profileUrl,
      followState: row.followState,
      isBlocked: row.isBlocked,
      isMuted: row.isMuted,
    };
  }

  /** Sends `Block` (or `Undo(Block)`) from the viewer to the person's server, when it can be reached. */
  async function sendBlock(viewerId: number, remoteActorId: number, on: boolean) {
    const row = await findRemoteAccount(db, remoteActorId, viewerId);
    const ctx = context();
    const target = row && (await lookUp(ctx, row.uri));
    if (!target?.id || !target.inboxId) return;
    const identifier = String(viewerId);
    const actor = ctx.getActorUri(identifier);
    const block = new Block({ id: new URL(`#blocks/${randomUUID()}`, actor), actor, object: target.id });
    const activity = on
      ? block
      : new Undo({ id: new URL(`#undo/${randomUUID()}`, actor), actor, object: block });
    await ctx.sendActivity({ identifier }, target, activity);
  }

  /** The post an activity carries, when it is a public Note or Article of the activity's actor. */
  async function postOf(ctx: Context<void>, activity: Create | Update, remoteActorId: number) {
    const object = await activity.getObject(ctx).catch(() => null);
    const actorId = activity.actorId;
    if (!(object instanceof Note || object instanceof Article) || !object.id || !actorId) return null;
    if (object.attributionId?.href !== actorId.href || object.id.origin !== actorId.origin) return null;
    const audience = [...object.toIds, ...object.ccIds].map((url) => url.href);
    if (!audience.includes(PUBLIC_COLLECTION.href)) return null;
    const content = object.content?.toString() ?? '';
    if (content.length > REMOTE_POST_LIMITS.contentMaxLength) return null;
    const attachments: RemotePostInput['attachments'] = [];
    for await (const attachment of object.getAttachments({ ...ctx, suppressError: true })) {
      if (attachments.length >= REMOTE_POST_LIMITS.attachments) break;
      if (!(attachment instanceof Document || attachment instanceof Link)) continue;
      const url = attachment instanceof Link ? hrefOf(attachment) : hrefOf(attachment.url);
      if (isWeb(url))
        attachments.push({
          url,
          mediaType: attachment.mediaType ?? null,
          name: attachment.name?.toString() ?? null,
        });
    }
    const now = Date.now();
    // A date in the future would keep a post at the top of the feed: it counts as now.
    const dateOf = (instant: { epochMilliseconds: number } | null) =>
      instant ? new Date(Math.min(instant.epochMilliseconds, now)) : null;
    const url = hrefOf(object.url);
    return {
      remoteActorId,
      uri: object.id.href,
      url: isWeb(url) ? url : object.id.href,
      name: object instanceof Article ? (object.name?.toString() ?? null) : null,
      summary: object.summary ? remoteText(object.summary.toString()) || null : null,
      content: sanitizeRemoteHtml(content),
      attachments,
      publishedAt: dateOf(object.published) ?? new Date(now),
      updatedAt: dateOf(object.updated),
    } satisfies RemotePostInput;
  }

  return {
    lookUp,
    remember,

    /**
     * The account a search names, recorded with an id here; null when it is not one or not found, a 403
     * when its server is blocked here.
     */
    async find(viewerId: number, query: string): Promise<RemoteAccount | null> {
      if (!looksLikeRemoteAccount(query)) return null;
      const ctx = context();
      const actor = await lookUp(ctx, query, { refuse: true });
      if (!actor) return null;
      const id = await remember(ctx, actor);
      return accountOf(viewerId, id, actor.summary ? remoteText(actor.summary.toString()) : '');
    },

    /** A remote account known here, as the viewer sees it. */
    account: (viewerId: number, id: number) => accountOf(viewerId, id),

    /**
     * Sends a `Follow` from the viewer (whose actor must exist: their server fetches it to check the
     * signature) and records it as PENDING.
     */
    async follow(viewerId: number, account: string) {
      const ctx = context();
      const target = await lookUp(ctx, account, { refuse: true });
      if (!target?.id || !target.inboxId) throw notFound(REMOTE_FOLLOW_MESSAGES.accountNotFound);
      const remoteActorId = await remember(ctx, target);
      const identifier = String(viewerId);
      const follow = new Follow({
        id: new URL(`#follows/${randomUUID()}`, ctx.getActorUri(identifier)),
        actor: ctx.getActorUri(identifier),
        object: target.id,
      });
      await upsertRemoteFollow(db, {
        followerId: viewerId,
        remoteActorId,
        followId: follow.id!.href,
        inboxUrl: target.inboxId.href,
      });
      await ctx.sendActivity({ identifier }, target, follow);
      return { actor: target.id.href, account: await accountOf(viewerId, remoteActorId) };
    },

    /** Sends `Undo(Follow)` for the viewer's follow of `remoteActorId` and forgets it. */
    async unfollow(viewerId: number, remoteActorId: number) {
      const row = await findRemoteAccount(db, remoteActorId, viewerId);
      if (!row?.followId || !row.inboxUrl) throw notFound(REMOTE_FOLLOW_MESSAGES.unknownAccount);
      const ctx = context();
      const identifier = String(viewerId);
      const actor = ctx.getActorUri(identifier);
      await deleteRemoteFollow(db, viewerId, remoteActorId);
      await ctx.sendActivity(
        { identifier },
        { id: new URL(row.uri), inboxId: new URL(row.inboxUrl) },
        new Undo({
          id: new URL(`#undo/${randomUUID()}`, actor),
          actor,
          object: new Follow({ id: new URL(row.followId), actor, object: new URL(row.uri) }),
        }),
      );
    },

    /**
     * Blocks or mutes someone on another server for the viewer, or lifts it (docs/federation.md,
     * "Safety"). A block also ends the follows both ways: ours with an `Undo(Follow)` sent to them.
     */
    async restrict(
      viewerId: number,
      remoteActorId: number,
      change: { restriction: 'BLOCK' | 'MUTE'; on: boolean; federates: boolean },
    ) {
      const { restriction, on } = change;
      const account = await accountOf(viewerId, remoteActorId);
      await setRemoteRestriction(db, { userId: viewerId, remoteActorId, restriction, on });
      if (on && restriction === 'BLOCK' && account.followState !== null)
        await this.unfollow(viewerId, remoteActorId);
      // Their server hears of a block, and of its end, as Mastodon's does, when the viewer has an actor
      // to sign with; a mute is the viewer's own business.
      if (restriction === 'BLOCK' && account.isBlocked !== on && change.federates)
        await sendBlock(viewerId, remoteActorId, on);
      return accountOf(viewerId, remoteActorId);
    },

    /** Their server's `Accept` or `Reject` of our `Follow`, from the person followed only. */
    async answered(activity: Activity, state: 'ACCEPTED' | 'REJECTED') {
      if (!activity.actorId || !activity.objectId) return;
      await answerRemoteFollow(db, activity.objectId.href, activity.actorId.href, state);
    },

    /** A new post, kept when someone here follows its author (and was accepted); else dropped. */
    async created(ctx: Context<void>, create: Create) {
      const remoteActorId = create.actorId ? await findFollowedActorId(db, create.actorId.href) : null;
      if (remoteActorId === null) return;
      const post = await postOf(ctx, create, remoteActorId);
      if (post) await insertRemotePost(db, post);
    },

    async updated(ctx: Context<void>, update: Update) {
      const remoteActorId = update.actorId ? await findFollowedActorId(db, update.actorId.href) : null;
      if (remoteActorId === null) return;
      const post = await postOf(ctx, update, remoteActorId);
      if (post) await updateRemotePost(db, post);
    },

    async deleted(activity: Activity) {
      if (activity.actorId && activity.objectId)
        await deleteRemotePost(db, activity.objectId.href, activity.actorId.href);
    },
  };
}
export type RemoteFollowing = ReturnType<typeof createRemoteFollowing>;
