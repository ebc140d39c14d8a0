import { type Page, type PageQuery, type RestrictedUser, USER_MESSAGES } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  addRestriction,
  countRestrictions,
  deleteFollowsBetween,
  listRestrictions,
  lockPairForBlock,
  lockUsers,
  type Restriction,
  removeRestriction,
} from './blocking.queries.js';

const selfRefusal: Record<Restriction, string> = {
  block: USER_MESSAGES.cannotBlockSelf,
  mute: USER_MESSAGES.cannotMuteSelf,
};

/**
 * Blocking (hides each side's content from the other, ends their follows, refuses follows, likes,
 * comments and mentions between them) and muting (hides the muted user's posts and notifications
 * from the muter, silently). What is hidden where is read through `db/block-state.ts`.
 */
export function createBlockingService(db: Database, events: EventBus) {
  /** Adds or removes the viewer's block or mute of `id`; idempotent both ways. */
  async function setRestriction(viewer: Viewer, kind: Restriction, id: number, on: boolean) {
    if (id === viewer.id) throw badRequest(selfRefusal[kind]);
    await db.transaction(async (tx) => {
      // Taken before the users' rows, in the order the writes take them (their check, then counters).
      if (kind === 'block' && on) await lockPairForBlock(tx, viewer.id, id);
      if ((await lockUsers(tx, [viewer.id, id])) < 2) throw notFound(USER_MESSAGES.notFound);
      if (!on) return removeRestriction(tx, kind, viewer.id, id);
      await addRestriction(tx, kind, viewer.id, id);
      if (kind !== 'block') return;
      for (const ended of await deleteFollowsBetween(tx, viewer.id, id))
        await events.publish(tx, {
          type: 'user.unfollowed',
          actorId: ended.followerId,
          followedId: ended.followedId,
        });
    });
  }

  async function list(viewer: Viewer, kind: Restriction, query: PageQuery): Promise<Page<RestrictedUser>> {
    const rows = await listRestrictions(db, kind, viewer.id, pageWindow(query));
    const total = rows[0]?.total ?? (await countRestrictions(db, kind, viewer.id));
    return toPage(
      rows.map(({ total: _total, ...row }) => ({
        ...row,
        profilePicture: viewer.mediaUrl(row.profilePicture),
        since: row.since.toISOString(),
      })),
      total,
      query,
    );
  }

  return {
    async setBlocked(viewer: Viewer, id: number, blocked: boolean) {
      await setRestriction(viewer, 'block', id, blocked);
      return { isBlocked: blocked };
    },
    async setMuted(viewer: Viewer, id: number, muted: boolean) {
      await setRestriction(viewer, 'mute', id, muted);
      return { isMuted: muted };
    },
    blocks: (viewer: Viewer, query: PageQuery) => list(viewer, 'block', query),
    mutes: (viewer: Viewer, query: PageQuery) => list(viewer, 'mute', query),
  };
}
export type BlockingService = ReturnType<typeof createBlockingService>;
