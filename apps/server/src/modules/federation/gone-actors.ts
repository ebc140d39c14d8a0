import type { UnverifiedActivityHandler } from '@fedify/fedify';
import { Delete } from '@fedify/vocab';
import { FEDERATION_LIMITS } from '@pathwise/contract';
import type { FastifyBaseLogger } from 'fastify';
import { refusePrivateUrl } from '../../lib/federation-fetch.js';

/** 410 Gone as Mastodon answers for a deleted account; 404 as Pathwise does for one deleted or hidden. */
const GONE = [404, 410];

/** Whether `actorUri` itself answers that no one is there any more (never a private address). */
async function isGone(actorUri: string, allowPrivateAddress: boolean): Promise<boolean> {
  try {
    await refusePrivateUrl(actorUri, allowPrivateAddress);
    const response = await fetch(actorUri, {
      headers: { accept: 'application/activity+json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(FEDERATION_LIMITS.fetchTimeoutMs),
    });
    await response.body?.cancel();
    return GONE.includes(response.status);
  } catch {
    return false;
  }
}

/**
 * A deleted account's `Delete` of itself comes signed with a key its server no longer serves, so Fedify
 * cannot verify it. It is taken all the same when the actor's own address answers that it is gone: the
 * deletion then claims nothing its server does not already say, and a forger cannot make a live actor's
 * address answer so. The inbox guard has already checked that the signing key is on the actor's host.
 */
export function goneActorDeletion(
  forgetActor: (actorUri: string) => Promise<void>,
  { allowPrivateAddress, log }: { allowPrivateAddress: boolean; log: FastifyBaseLogger },
): UnverifiedActivityHandler<void> {
  return async (_ctx, activity) => {
    const actorUri = activity.actorId?.href;
    if (!(activity instanceof Delete) || !actorUri || activity.objectId?.href !== actorUri) return;
    if (!(await isGone(actorUri, allowPrivateAddress))) return;
    await forgetActor(actorUri);
    log.info({ actor: actorUri }, 'a gone account was forgotten');
    return new Response(null, { status: 202 });
  };
}
