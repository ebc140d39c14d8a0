import {
  MAX_ID,
  normalizeTag,
  PROGRESS_SHARE_TEXTS,
  profileFeedPath,
  type SharedProgress,
  SITE_TEXTS,
  sharedProgressImagePath,
  sharedProgressPath,
  TAG_PATTERN,
  tagFeedPath,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import type { MediaUrl } from '../../lib/viewer.js';
import { type LinkPreview, previewText } from './link-previews.html.js';
import {
  findPostPreview,
  findPublicPlanPreview,
  findVisibleProfilePreview,
} from './link-previews.queries.js';

/** The web app's pages that have a preview: a post and a learning plan (apps/web router). */
const PREVIEWED_PAGE = /^\/(post|learning-plan)\/(\d{1,10})\/?$/;
/** A tag's page: `/tags/{tag}`. */
const TAG_PAGE = /^\/tags\/([^/]+)\/?$/;
/** A profile's pages: `/@handle` and `/profile/{id}`. */
const PROFILE_PAGE = /^\/(?:@([A-Za-z0-9_]{3,30})|profile\/(\d{1,10}))\/?$/;
/** A person's shared progress on a plan: `/learning-plan/{id}/progress/{handle}`. */
const PROGRESS_PAGE = /^\/learning-plan\/(\d{1,10})\/progress\/([A-Za-z0-9_]{3,30})\/?$/;

type Site = { origin: string; mediaUrl: MediaUrl };

type Options = {
  publicReading: boolean;
  /** The shared progress as a visitor may see it (the plans module's), or null. */
  sharedProgress: (planId: number, handle: string, mediaUrl: MediaUrl) => Promise<SharedProgress | null>;
};

/**
 * Previews of shared links to public content. Anything else (a private plan, a missing post, a path
 * that is not such a page) has none, so nothing about it is told to whoever asks. Profiles have one
 * only when the instance lets visitors read (PUBLIC_READING) and the person shows their profile to
 * visitors: a link-preview fetcher is a visitor. Shared progress, under the same setting, when the person
 * shares it on a public plan; its picture is drawn by the plans module.
 */
export function createLinkPreviews(db: Database, { publicReading, sharedProgress }: Options) {
  async function profilePreviewOf(match: RegExpExecArray, site: Site): Promise<LinkPreview | null> {
    const [, handle, id] = match;
    if (id !== undefined && (Number(id) < 1 || Number(id) > MAX_ID)) return null;
    const person = await findVisibleProfilePreview(db, handle ? { handle } : { id: Number(id) });
    return (
      person && {
        title: `${person.name} (@${person.handle})`,
        description: previewText(person.bio ?? ''),
        url: `${site.origin}/@${person.handle}`,
        image: site.mediaUrl(person.picture),
        // A profile shown to visitors has a feed (modules/syndication, under the same rule).
        feed: {
          title: SITE_TEXTS.feedTitle(person.name, person.handle),
          url: `${site.origin}${profileFeedPath(person.handle)}`,
        },
      }
    );
  }

  /** Every tag has a page (an unused one is empty), so its preview needs no statement. */
  function tagPreviewOf(written: string, site: Site): LinkPreview | null {
    const tag = normalizeTag(written);
    if (!TAG_PATTERN.test(tag)) return null;
    return {
      title: `#${tag}`,
      description: SITE_TEXTS.tagFeedDescription(tag),
      url: `${site.origin}/tags/${tag}`,
      image: null,
      feed: { title: SITE_TEXTS.tagFeedTitle(tag), url: `${site.origin}${tagFeedPath(tag)}` },
    };
  }

  async function progressPreviewOf(match: RegExpExecArray, site: Site): Promise<LinkPreview | null> {
    const planId = Number(match[1]);
    if (planId < 1 || planId > MAX_ID) return null;
    const progress = await sharedProgress(planId, match[2]!, site.mediaUrl);
    if (!progress) return null;
    const { person, plan } = progress;
    return {
      title: PROGRESS_SHARE_TEXTS.pageTitle(person.name, plan.title),
      description: PROGRESS_SHARE_TEXTS.description(person.name, progress.percentage, progress.streakDays),
      url: `${site.origin}${sharedProgressPath(plan.id, person.handle)}`,
      image: `${site.origin}${sharedProgressImagePath(plan.id, person.handle)}`,
    };
  }

  return {
    async previewOf(pathname: string, site: Site): Promise<LinkPreview | null> {
      const profile = PROFILE_PAGE.exec(pathname);
      if (profile) return publicReading ? profilePreviewOf(profile, site) : null;
      const tagPage = TAG_PAGE.exec(pathname);
      if (tagPage) return publicReading ? tagPreviewOf(tagPage[1]!, site) : null;
      const progressPage = PROGRESS_PAGE.exec(pathname);
      if (progressPage) return publicReading ? progressPreviewOf(progressPage, site) : null;
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
