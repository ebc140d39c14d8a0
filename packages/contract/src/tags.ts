import { z } from 'zod';
import { page } from './common.js';
import { learningPlan } from './plans.js';
import { post } from './posts.js';
import { normalizeTag, TAG_MESSAGES } from './tag-constants.js';
import { tagName } from './tag-names.js';

/**
 * Tags (docs/features.md, "Tags"): their names, the tag page, following a tag and the editor's
 * suggestions.
 */

/** `/api/tags/{tag}…`: a tag that breaks the rules is a 400, one nobody used yet an empty tag page. */
export const tagParams = z.object({ tag: tagName });

/** `GET /api/tags?prefix=`: the beginning of a tag, `#` allowed. */
export const tagSuggestionsQuery = z.object({
  prefix: z
    .string({ error: TAG_MESSAGES.invalidPrefix })
    .transform(normalizeTag)
    .refine((prefix) => /^[a-z0-9-]{1,30}$/.test(prefix), { error: TAG_MESSAGES.invalidPrefix }),
});

/** A suggestion: a tag and how many posts and plans the viewer may see carry it. */
export const tagSuggestion = z.object({ name: z.string(), uses: z.number().int() });
export type TagSuggestion = z.infer<typeof tagSuggestion>;
export const tagSuggestions = z.array(tagSuggestion);

/**
 * The tag page's heading: the counts are those a signed-in stranger sees (public plans, posts of
 * authors not suspended and not hidden by a moderator), the same for everyone.
 */
export const tagSummary = z.object({
  name: z.string(),
  postCount: z.number().int(),
  planCount: z.number().int(),
  /** Whether the viewer follows it (false for a visitor). */
  following: z.boolean(),
});
export type TagSummary = z.infer<typeof tagSummary>;

/** What following or unfollowing answers (both idempotent). */
export const tagFollowResponse = z.object({ following: z.boolean() });
export type TagFollowResponse = z.infer<typeof tagFollowResponse>;

export const taggedPostPage = page(post);
export const taggedPlanPage = page(learningPlan);
