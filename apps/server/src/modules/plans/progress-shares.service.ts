import { createHash } from 'node:crypto';
import { PROGRESS_SHARE_MESSAGES, type ProgressShare, type SharedProgress } from '@pathwise/contract';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { VISITOR_ID } from '../../db/user-privacy.js';
import { notFound } from '../../lib/app-error.js';
import type { MediaUrl, Viewer } from '../../lib/viewer.js';
import { requireVisiblePlan } from './plan-access.js';
import { completionPercentage } from './plan-responses.js';
import { renderProgressImage } from './progress-image.js';
import { findProgressShare, saveProgressShare, selectSharedProgress } from './progress-shares.queries.js';

/** Pictures kept per app, by the hash of what they show: a change of progress is a new key. */
const KEPT_IMAGES = 200;

/**
 * Sharing one's progress on a plan (docs/features.md, "Sharing your progress"): off by default, turned on
 * and off by the person; the shared page's figures and its Open Graph picture for whoever may see them.
 */
export function createProgressSharesService({ db }: { db: Database }) {
  const images = new LRUCache<string, Promise<Buffer>>({ max: KEPT_IMAGES });

  async function progressOf(viewer: Viewer, planId: number, handle: string): Promise<SharedProgress | null> {
    const row = await selectSharedProgress(db, viewer.id, planId, handle);
    if (!row) return null;
    const completedTopics = row.topics.filter((topic) => topic.status === 'COMPLETED').length;
    const skippedTopics = row.topics.filter((topic) => topic.status === 'SKIPPED').length;
    return {
      ...row,
      person: { ...row.person, profilePicture: viewer.mediaUrl(row.person.profilePicture) },
      percentage: completionPercentage(completedTopics, row.topics.length - skippedTopics),
      completedTopics,
      skippedTopics,
    };
  }

  async function sharedProgress(viewer: Viewer, planId: number, handle: string): Promise<SharedProgress> {
    const progress = await progressOf(viewer, planId, handle);
    if (!progress) throw notFound(PROGRESS_SHARE_MESSAGES.notShared);
    return progress;
  }

  return {
    /** Whether the viewer shares their progress on a plan they may see. */
    async state(viewer: Viewer, planId: number): Promise<ProgressShare> {
      await requireVisiblePlan(db, viewer, planId);
      return { shared: await findProgressShare(db, viewer.id, planId) };
    },

    async setShared(viewer: Viewer, planId: number, shared: boolean): Promise<ProgressShare> {
      await requireVisiblePlan(db, viewer, planId);
      await saveProgressShare(db, viewer.id, planId, shared);
      return { shared };
    },

    sharedProgress,

    /** The page as a visitor sees it (what a link preview shows), or null when a visitor may not. */
    visitorView: (planId: number, handle: string, mediaUrl: MediaUrl) =>
      progressOf({ id: VISITOR_ID, mediaUrl }, planId, handle),

    /**
     * The page's picture with its entity tag, the hash of everything it shows (the picture's URL is not in
     * it), or no picture when `ifNoneMatch` is that tag: the client's copy is current, so nothing is drawn.
     * Made once per state of the progress and kept, so a crawler's repeated fetch costs one statement.
     */
    async image(viewer: Viewer, planId: number, handle: string, ifNoneMatch: string | undefined) {
      const progress = await sharedProgress(viewer, planId, handle);
      const { profilePicture: _picture, ...person } = progress.person;
      const etag = `"${createHash('sha256')
        .update(JSON.stringify({ ...progress, person }))
        .digest('base64url')
        .slice(0, 27)}"`;
      if (ifNoneMatch === etag) return { etag, png: null };
      let png = images.get(etag);
      if (!png) {
        png = renderProgressImage(progress);
        images.set(etag, png);
        png.catch(() => images.delete(etag));
      }
      return { etag, png: await png };
    },
  };
}
export type ProgressSharesService = ReturnType<typeof createProgressSharesService>;
