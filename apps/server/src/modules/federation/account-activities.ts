import { randomUUID, type webcrypto } from 'node:crypto';
import { type Federation, importJwk, type SenderKeyPair } from '@fedify/fedify';
import {
  Delete,
  Follow,
  isActor,
  PUBLIC_COLLECTION,
  type Recipient,
  Reject,
  Undo,
  Update,
} from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { findActor, selectActorKeys, selectRemoteFollowerInboxes } from './federation.queries.js';
import { instantNow } from './instant.js';
import { selectRemoteFollowsOf } from './remote-following.queries.js';

type Follower = Awaited<ReturnType<typeof selectRemoteFollowerInboxes>>[number];
type FollowSent = Awaited<ReturnType<typeof selectRemoteFollowsOf>>[number];

/**
 * What a `Delete` of an account needs once its rows (keys, followers and follows included) may be gone:
 * `follows` are the person's own follows of people elsewhere, each to be undone.
 */
export type Departure = {
  userId: number;
  followers: Follower[];
  follows: FollowSent[];
  keys: { privateKey: unknown }[];
};

/** Why a person's actor goes: their account deleted or suspended, or their profile no longer shown. */
export type DepartureCause = 'suspension' | 'deletion' | 'hiding';

const recipientsOf = (followers: Follower[]): Recipient[] =>
  followers.map((follower) => ({
    id: new URL(follower.actorUri),
    inboxId: new URL(follower.inboxUrl),
    endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
  }));

/**
 * A person's account as it changes, sent to their remote followers (shared inboxes where they have
 * one) through Fedify's queue: their profile as `Update(Person)`, their leaving (deleted, suspended, or
 * their profile no longer shown) as `Delete(Person)`, as Mastodon does, and a follower they remove as a
 * `Reject` of that follow. Failures are logged: the change itself has committed.
 */
export function createAccountActivities(deps: {
  federation: Federation<void>;
  db: Database;
  origin: string;
  log: FastifyBaseLogger;
}) {
  const { federation, db, origin, log } = deps;

  return {
    /** Sends the person's actor as it now is, while it exists (shown to visitors, not suspended). */
    async announceProfile(userId: number): Promise<void> {
      try {
        const identifier = String(userId);
        const ctx = federation.createContext(new Request(new URL(origin)), undefined);
        const actor = await ctx.getActor(identifier);
        if (!isActor(actor) || !actor.id) return;
        const followers = await selectRemoteFollowerInboxes(db, userId);
        if (followers.length === 0) return;
        const update = new Update({
          id: new URL(`#updates/${randomUUID()}`, actor.id),
          actor: actor.id,
          to: PUBLIC_COLLECTION,
          cc: ctx.getFollowersUri(identifier),
          updated: instantNow(),
          object: actor,
        });
        await ctx.sendActivity({ identifier }, recipientsOf(followers), update, {
          preferSharedInbox: true,
          orderingKey: actor.id!.href,
        });
      } catch (error) {
        log.error({ err: error, userId }, 'a changed profile could not be sent to remote followers');
      }
    },

    /**
     * Read in the transaction that removes, suspends or hides the account, before its rows go: whom to
     * tell and the keys to sign with. Null when no other server knew the person as an actor (no keys, no
     * followers or follows, profile not shown, or suspended before, which was told then). A hidden
     * profile was shown until that transaction. Deleting or hiding also ends the person's follows of
     * people elsewhere (as Mastodon undoes them); a suspension keeps them, for when it is lifted.
     */
    async departureOf(tx: Database, userId: number, cause: DepartureCause) {
      const actor = await findActor(tx, userId);
      if (actor?.kind !== 'present' || (cause !== 'hiding' && !actor.showProfileToVisitors)) return null;
      if (cause === 'deletion' && actor.suspendedAt) return null;
      const followers = await selectRemoteFollowerInboxes(tx, userId);
      const follows = cause === 'suspension' ? [] : await selectRemoteFollowsOf(tx, userId);
      if (followers.length === 0 && follows.length === 0) return null;
      const keys = await selectActorKeys(tx, userId);
      if (keys.length === 0) return null;
      const departure: Departure = { userId, followers, follows, keys };
      return departure;
    },

    /**
     * Sends an `Undo` of each of the person's follows to the people followed, then `Delete(Person)` to
     * their followers, signed with the keys read before they went (the queue carries them with the
     * message); the actor's address answers 410 from then on (404 for a hidden profile).
     */
    async announceDeparture({ userId, followers, follows, keys }: Departure): Promise<void> {
      try {
        const ctx = federation.createContext(new URL(origin), undefined);
        const actorUri = ctx.getActorUri(String(userId));
        // The key ids Fedify gives these keys, in the order the actor publishes them.
        const senders: SenderKeyPair[] = await Promise.all(
          keys.map(async (key, i) => ({
            keyId: new URL(i === 0 ? '#main-key' : `#key-${i + 1}`, actorUri),
            privateKey: await importJwk(key.privateKey as webcrypto.JsonWebKey, 'private'),
          })),
        );
        for (const follow of follows) {
          const followed = new URL(follow.actorUri);
          const undo = new Undo({
            id: new URL(`#undo/${randomUUID()}`, actorUri),
            actor: actorUri,
            object: new Follow({ id: new URL(follow.followId), actor: actorUri, object: followed }),
          });
          await ctx.sendActivity(senders, { id: followed, inboxId: new URL(follow.inboxUrl) }, undo);
        }
        if (followers.length === 0) return;
        const deletion = new Delete({
          id: new URL(`#deletes/${randomUUID()}`, actorUri),
          actor: actorUri,
          to: PUBLIC_COLLECTION,
          object: actorUri,
        });
        // After any Update of the person still on its way.
        await ctx.sendActivity(senders, recipientsOf(followers), deletion, {
          preferSharedInbox: true,
          orderingKey: actorUri.href,
        });
      } catch (error) {
        log.error({ err: error, userId }, 'a departed account could not be announced to remote followers');
      }
    },

    /**
     * Tells a follower elsewhere whom the person removed that their follow is refused: a `Reject` of
     * their `Follow` (Mastodon then drops it), to their own inbox. Sent once the removal has committed.
     */
    async rejectFollower(
      userId: number,
      follower: { actorUri: string; inboxUrl: string; followId: string | null },
    ) {
      try {
        const identifier = String(userId);
        const ctx = federation.createContext(new URL(origin), undefined);
        const actorUri = ctx.getActorUri(identifier);
        const followerUri = new URL(follower.actorUri);
        const reject = new Reject({
          id: new URL(`#rejects/${randomUUID()}`, actorUri),
          actor: actorUri,
          // A follower kept before Follow ids were recorded: Mastodon finds the follow by its two actors.
          object: new Follow({
            id: follower.followId ? new URL(follower.followId) : null,
            actor: followerUri,
            object: actorUri,
          }),
        });
        await ctx.sendActivity(
          { identifier },
          { id: followerUri, inboxId: new URL(follower.inboxUrl) },
          reject,
        );
      } catch (error) {
        log.error({ err: error, userId }, 'a removed follower could not be told');
      }
    },
  };
}
export type AccountActivities = ReturnType<typeof createAccountActivities>;
