import { randomUUID, type webcrypto } from 'node:crypto';
import { type Federation, importJwk, type SenderKeyPair } from '@fedify/fedify';
import { Delete, isActor, PUBLIC_COLLECTION, type Recipient, Update } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { findActor, selectActorKeys, selectRemoteFollowerInboxes } from './federation.queries.js';

type Follower = Awaited<ReturnType<typeof selectRemoteFollowerInboxes>>[number];

/** What a `Delete` of an account needs once its rows (keys and followers included) may be gone. */
export type Departure = {
  userId: number;
  followers: Follower[];
  keys: { privateKey: unknown }[];
};

const recipientsOf = (followers: Follower[]): Recipient[] =>
  followers.map((follower) => ({
    id: new URL(follower.actorUri),
    inboxId: new URL(follower.inboxUrl),
    endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
  }));

/**
 * A person's account as it changes, sent to their remote followers (shared inboxes where they have
 * one) through Fedify's queue: their profile as `Update(Person)`, their leaving (deleted or suspended)
 * as `Delete(Person)`, as Mastodon does. Failures are logged: the change itself has committed.
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
          updated: Temporal.Now.instant(),
          object: actor,
        });
        await ctx.sendActivity({ identifier }, recipientsOf(followers), update, { preferSharedInbox: true });
      } catch (error) {
        log.error({ err: error, userId }, 'a changed profile could not be sent to remote followers');
      }
    },

    /**
     * Read in the transaction that removes or suspends the account, before its rows go: whom to tell
     * and the keys to sign with. Null when no other server knew the person as an actor (no keys, no
     * followers, profile not shown, or suspended before, which was told then).
     */
    async departureOf(tx: Database, userId: number, cause: 'suspension' | 'deletion') {
      const actor = await findActor(tx, userId);
      if (actor?.kind !== 'present' || !actor.showProfileToVisitors) return null;
      if (cause === 'deletion' && actor.suspendedAt) return null;
      const followers = await selectRemoteFollowerInboxes(tx, userId);
      if (followers.length === 0) return null;
      const keys = await selectActorKeys(tx, userId);
      if (keys.length === 0) return null;
      const departure: Departure = { userId, followers, keys };
      return departure;
    },

    /**
     * Sends `Delete(Person)`, signed with the keys read before they went (the queue carries them with
     * the message); the actor's address answers 410 from then on.
     */
    async announceDeparture({ userId, followers, keys }: Departure): Promise<void> {
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
        const deletion = new Delete({
          id: new URL(`#deletes/${randomUUID()}`, actorUri),
          actor: actorUri,
          to: PUBLIC_COLLECTION,
          object: actorUri,
        });
        await ctx.sendActivity(senders, recipientsOf(followers), deletion, { preferSharedInbox: true });
      } catch (error) {
        log.error({ err: error, userId }, 'a departed account could not be announced to remote followers');
      }
    },
  };
}
export type AccountActivities = ReturnType<typeof createAccountActivities>;
