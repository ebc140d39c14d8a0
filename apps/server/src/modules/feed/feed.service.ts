import {
  type Category,
  FEED_LIMITS,
  type FollowingFeedItem,
  type FollowingFeedItemWithRemote,
  type FollowingFeedPage,
  type FollowingFeedPageWithRemote,
  type FollowingFeedQuery,
  type FollowSuggestion,
  type PlanInProgress,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import { responseItems } from '../../lib/post-and-plan-items.js';
import type { Viewer } from '../../lib/viewer.js';
import { completionPercentage, type PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import {
  type FeedRef,
  selectFollowingPage,
  selectPlansInProgress,
  selectRemotePosts,
  selectSuggestions,
} from './feed.queries.js';

type RemotePostRow = Awaited<ReturnType<typeof selectRemotePosts>>[number];

const remotePostOf = (row: RemotePostRow) => ({
  id: row.id,
  author: {
    id: row.authorId,
    handle: row.authorHandle,
    name: row.authorName,
    profilePicture: row.authorIconUrl,
    url: row.authorProfileUrl,
  },
  title: row.name,
  summary: row.summary,
  contentHtml: row.content,
  url: row.url,
  attachments: row.attachments as { url: string; mediaType: string | null; name: string | null }[],
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt?.toISOString() ?? null,
  likedByMe: row.likedByMe,
  likesCount: row.likesCount,
  myReplies: row.myReplies.map((reply) => ({
    ...reply,
    createdAt: new Date(reply.createdAt).toISOString(),
    editedAt: reply.editedAt && new Date(reply.editedAt).toISOString(),
  })),
});

/** Posts and plans are built by their own modules, as their lists build them. */
type FeedDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor'>;
  plans: Pick<PlansService, 'plansFor'>;
};

export function createFeedService({ db, posts, plans }: FeedDependencies) {
  return {
    /**
     * What the people the viewer follows made and the posts of the tags they follow, newest first: three
     * statements whatever the page holds. With `remote`, the posts of people followed on other servers
     * too (a fourth statement reads them, when the page has some).
     */
    async following(
      viewer: Viewer,
      { remote, ...pageQuery }: FollowingFeedQuery,
    ): Promise<FollowingFeedPage | FollowingFeedPageWithRemote> {
      const { total, items } = await selectFollowingPage(db, viewer.id, pageWindow(pageQuery), remote);
      const local = items.filter(
        (item): item is FeedRef & { type: 'POST' | 'LEARNING_PLAN' } => item.type !== 'REMOTE_POST',
      );
      const remoteIds = items.filter((item) => item.type === 'REMOTE_POST').map((item) => item.id);
      const [localItems, remoteRows] = await Promise.all([
        responseItems(
          local,
          { posts: (ids) => posts.responsesFor(viewer, ids), plans: (ids) => plans.plansFor(viewer, ids) },
          (item, responded): [FeedRef, FollowingFeedItem] => [
            item,
            { ...responded, createdAt: new Date(item.createdAt).toISOString() },
          ],
        ),
        selectRemotePosts(db, viewer.id, remoteIds),
      ]);
      const byRef = new Map<FeedRef, FollowingFeedItemWithRemote>(localItems);
      const remoteById = new Map(remoteRows.map((row) => [row.id, row]));
      for (const item of items) {
        const row = item.type === 'REMOTE_POST' ? remoteById.get(item.id) : undefined;
        if (row)
          byRef.set(item, {
            type: 'REMOTE_POST',
            createdAt: new Date(item.createdAt).toISOString(),
            remotePost: remotePostOf(row),
          });
      }
      const content = items.flatMap((item) => byRef.get(item) ?? []);
      return toPage(content, total, pageQuery);
    },

    /** People to follow: one statement. */
    async suggestions(viewer: Viewer): Promise<FollowSuggestion[]> {
      const rows = await selectSuggestions(db, viewer.id, FEED_LIMITS.suggestions);
      return rows.map((row) => ({ ...row, profilePicture: viewer.mediaUrl(row.profilePicture) }));
    },

    /** The viewer's unfinished plans, most recently worked on first: one statement. */
    async plansInProgress(viewer: Viewer): Promise<PlanInProgress[]> {
      const rows = await selectPlansInProgress(db, viewer.id, FEED_LIMITS.plansInProgress);
      return rows.map((row) => ({
        ...row,
        category: row.category as Category,
        completionPercentage: completionPercentage(row.completedTopics, row.totalTopics - row.skippedTopics),
      }));
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
