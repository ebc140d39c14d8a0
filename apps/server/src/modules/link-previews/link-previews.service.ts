import { MAX_ID } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { MediaUrl } from '../../lib/viewer.js';
import { type LinkPreview, previewText } from './link-previews.html.js';
import { findPostPreview, findPublicPlanPreview } from './link-previews.queries.js';

/** The web app's pages that have a preview: a post and a learning plan (apps/web router). */
const PREVIEWED_PAGE = /^\/(post|learning-plan)\/(\d{1,10})\/?$/;

/**
 * Previews of shared links to public content. Anything else (a private plan, a missing post, a path
 * that is not such a page) has none, so nothing about it is told to whoever asks.
 */
export function createLinkPreviews(db: Database) {
  return {
    async previewOf(
      pathname: string,
      site: { origin: string; mediaUrl: MediaUrl },
    ): Promise<LinkPreview | null> {
      const match = PREVIEWED_PAGE.exec(pathname);
      if (!match) return null;
      const id = Number(match[2]);
      if (id < 1 || id > MAX_ID) return null;
      const url = `${site.origin}/${match[1]}/${id}`;
      if (match[1] === 'post') {
        const post = await findPostPreview(db, id);
        return (
          post && {
            title: post.title,
            description: previewText(post.text),
            url,
            image: site.mediaUrl(post.imageKey),
          }
        );
      }
      const plan = await findPublicPlanPreview(db, id);
      return plan && { title: plan.title, description: previewText(plan.text), url, image: null };
    },
  };
}
export type LinkPreviews = ReturnType<typeof createLinkPreviews>;
