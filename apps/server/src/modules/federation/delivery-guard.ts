import type { Message } from '@fedify/fedify';
import type { Actor } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { refusePrivateUrl } from '../../lib/federation-fetch.js';
import { isBlockedHost } from './inbox-guard.js';

/**
 * Runs Fedify's queued tasks, checking each delivery's inbox again as it is about to go: an address
 * checked when its owner followed may resolve to a private one since (DNS rebinding), and Fedify 2.3.6
 * delivers wherever it is told. A refused delivery is logged and dropped (its queue job completes);
 * every retry Fedify schedules is a new task, checked likewise. Fedify 2.3.8 makes this check itself
 * under `allowPrivateAddress` (each redirect too); its dependencies are not published yet. A delivery to
 * a server a moderator blocked (or under one) is dropped likewise, whatever queued it and whenever.
 */
export function checkingDeliveries(
  process: (message: Message) => Promise<void>,
  { db, allowPrivateAddress, log }: { db: Database; allowPrivateAddress: boolean; log: FastifyBaseLogger },
) {
  return async (message: Message): Promise<void> => {
    // One lookup per delivery: the block may be newer than the activity, or than the retry's first try.
    if (message.type === 'outbox' && (await isBlockedHost(db, [new URL(message.inbox).hostname]))) {
      log.warn(
        { inbox: message.inbox, activityId: message.activityId },
        'a delivery to a blocked domain was dropped',
      );
      return;
    }
    if (message.type === 'outbox' && !allowPrivateAddress) {
      try {
        await refusePrivateUrl(message.inbox, false);
      } catch (error) {
        // A name that does not resolve now (a `cause` from the lookup) is left to Fedify: its delivery
        // fails the same way and is retried, checked here again.
        if (!(error instanceof Error && error.cause)) {
          log.warn(
            { err: error, inbox: message.inbox, activityId: message.activityId },
            'a delivery to a private address was refused',
          );
          return;
        }
      }
    }
    await process(message);
  };
}

/**
 * Where `actor` is delivered to, to keep (a reply to them, a mention of them): both left out when either
 * is a private address, which Fedify 2.3.6 would deliver to.
 */
export async function deliverableInboxes(
  actor: Actor,
  { allowPrivateAddress, log }: { allowPrivateAddress: boolean; log: FastifyBaseLogger },
) {
  const inboxes = {
    inboxUrl: actor.inboxId?.href ?? null,
    sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
  };
  try {
    for (const url of Object.values(inboxes)) if (url) await refusePrivateUrl(url, allowPrivateAddress);
  } catch (error) {
    log.warn({ err: error, actor: actor.id?.href }, 'a private inbox was not kept');
    return { inboxUrl: null, sharedInboxUrl: null };
  }
  return inboxes;
}
