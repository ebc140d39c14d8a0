import {
  ACTIVITY_FEEDS,
  type Activity,
  type ActivityFeed,
  type ActivityType,
  type Page,
  type PageQuery,
  USER_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import type { MediaUrl, Viewer } from '../../lib/viewer.js';
import { countFeed, type FeedRow, listFeed } from './activity.queries.js';

const userRef = (mediaUrl: MediaUrl, id: number | null, name: string | null, picture: string | null) =>
  id === null ? null : { id, name: name ?? '', profilePicture: mediaUrl(picture) };

function toActivity(mediaUrl: MediaUrl, row: FeedRow): Activity {
  const postAuthor = userRef(mediaUrl, row.postAuthorId, row.postAuthorName, row.postAuthorPicture);
  return {
    id: row.id,
    type: row.type as ActivityType,
    timestamp: row.occurredAt.toISOString(),
    user: { ...row.user, profilePicture: mediaUrl(row.user.profilePicture) },
    learningPlan: row.planId === null ? null : { id: row.planId, title: row.planTitle ?? '' },
    progressPercentage: row.progressPercentage,
    topicTitle: row.topicTitle,
    resourceTitle: row.resourceTitle,
    post:
      row.postId === null || postAuthor === null
        ? null
        : { id: row.postId, title: row.postTitle ?? '', author: postAuthor },
    comment: row.commentId === null ? null : { id: row.commentId, content: row.commentContent ?? '' },
    followedUser: userRef(mediaUrl, row.followedId, row.followedName, row.followedPicture),
  };
}

/** The profile's activity feeds; any signed-in user may read anyone's. */
export function createActivityService(db: Database) {
  return {
    async feed(
      viewer: Viewer,
      userId: number,
      feed: ActivityFeed,
      query: PageQuery,
    ): Promise<Page<Activity>> {
      const filter = { userId, types: ACTIVITY_FEEDS[feed].types, viewerId: viewer.id };
      const [total, rows] = await Promise.all([
        countFeed(db, filter),
        listFeed(db, filter, pageWindow(query)),
      ]);
      if (total === null) throw notFound(USER_MESSAGES.notFound);
      return toPage(
        rows.map((row) => toActivity(viewer.mediaUrl, row)),
        total,
        query,
      );
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
