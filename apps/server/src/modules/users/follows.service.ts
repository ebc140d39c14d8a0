import {
  type FollowResult,
  type FollowStatus,
  type Page,
  type PageQuery,
  REMOTE_FOLLOW_MESSAGES,
  type RemoteFollower,
  USER_MESSAGES,
  type UserListItem,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  countFollowList,
  deleteFollow,
  type FollowDirection,
  findFollowState,
  followRefused,
  insertFollow,
  listFollowPage,
} from './follows.queries.js';
import {
  countRemoteFollowers,
  deleteRemoteFollowerOf,
  listRemoteFollowerPage,
} from './remote-followers.queries.js';

export function createFollowsService(db: Database, events: EventBus) {
  async function stateAfter(tx: Database, viewer: Viewer, id: number): Promise<FollowResult> {
    const state = await findFollowState(tx, viewer.id, id);
    if (!state) throw notFound(USER_MESSAGES.notFound);
    return state;
  }

  /**
   * Follows or unfollows. Idempotent both ways: a second follow (a double click) or unfollowing someone you
   * do not follow
   * changes nothing and publishes nothing. Nobody follows across a block, either way.
   */
  async function setFollowing(viewer: Viewer, id: number, follow: boolean): Promise<FollowResult> {
    if (id === viewer.id) throw badRequest(USER_MESSAGES.cannotFollowSelf);
    return db.transaction(async (tx) => {
      const changed = follow ? await insertFollow(tx, viewer.id, id) : await deleteFollow(tx, viewer.id, id);
      // A follow not added may be one a block or a suspension refused; the pair's lock, held since the
      // insert, keeps the response true until the commit.
      if (follow && !changed && (await followRefused(tx, viewer.id, id)))
        throw forbidden(USER_MESSAGES.cannotFollowBlocked);
      if (changed) {
        const type = follow ? 'user.followed' : 'user.unfollowed';
        await events.publish(tx, { type, actorId: viewer.id, followedId: id });
      }
      return stateAfter(tx, viewer, id);
    });
  }

  return {
    async status(viewer: Viewer, id: number): Promise<FollowStatus> {
      const { isFollowing } = await stateAfter(db, viewer, id);
      return { isFollowing };
    },

    setFollowing,

    async list(
      viewer: Viewer,
      id: number,
      direction: FollowDirection,
      query: PageQuery,
    ): Promise<Page<UserListItem>> {
      const total = await countFollowList(db, id, direction);
      if (total === null) throw notFound(USER_MESSAGES.notFound);
      const rows = await listFollowPage(db, id, direction, pageWindow(query), viewer.id);
      return toPage(
        rows.map((row) => ({ ...row, profilePicture: viewer.mediaUrl(row.profilePicture) })),
        total,
        query,
      );
    },

    /** The people elsewhere who follow the user, to whoever may see their followers: two statements. */
    async listRemote(id: number, query: PageQuery): Promise<Page<RemoteFollower>> {
      const total = await countRemoteFollowers(db, id);
      if (total === null) throw notFound(USER_MESSAGES.notFound);
      const rows = await listRemoteFollowerPage(db, id, pageWindow(query));
      return toPage(
        rows.map((row) => ({ ...row, since: row.since.toISOString() })),
        total,
        query,
      );
    },

    /**
     * Removes one of the viewer's followers elsewhere (Mastodon's "Remove follower"): their server is
     * told once this commits (a `Reject` of their `Follow`), and they may follow again.
     */
    async removeRemote(viewer: Viewer, followerId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const follower = await deleteRemoteFollowerOf(tx, viewer.id, followerId);
        if (!follower) throw notFound(REMOTE_FOLLOW_MESSAGES.notYourFollower);
        await events.publish(tx, { type: 'user.remote-follower.removed', userId: viewer.id, ...follower });
      });
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
