import { z } from 'zod';
import { page, pageQuery } from './common.js';
import { groupPage } from './groups.js';
import { learningPlanPage } from './plans.js';
import { postPage } from './posts.js';
import { remoteAccount } from './remote-posts.js';

/** Search (`GET /api/search`): its limits, query rules and answer. */

export const SEARCH_LIMITS = {
  /** Only the beginning of a longer query is searched for, so a pasted paragraph still finds something. */
  queryMaxLength: 200,
  /** How many of each kind the All tab previews. */
  allTab: { users: 4, posts: 3, learningPlans: 2, groups: 2 },
  /**
   * At most this many matches of each kind are ranked (for a word alone, the newest posts having it;
   * otherwise the first the index finds); when there are more, the total says this many and
   * `totalIsLowerBound` is true ("200+ results"). Twenty pages of ten: what a product decision judged
   * anyone reads, and what keeps the broadest search's cost from growing with the site.
   */
  rankedMatches: 200,
} as const;

export const SEARCH_MESSAGES = {
  emptyQuery: 'Please enter something to search for.',
  failed: 'Failed to perform search. Please try again.',
} as const;

/**
 * The text actually searched for: control characters count as spaces, surrounding spaces go, and at
 * most `queryMaxLength` characters are kept. Empty means "nothing to search for".
 */
export function normalizeSearchQuery(raw: string): string {
  const text = raw.replace(/\p{Cc}+/gu, ' ').trim();
  return Array.from(text).slice(0, SEARCH_LIMITS.queryMaxLength).join('').trimEnd();
}

/** `GET /api/search?query=&page=&size=`: `page` and `size` apply to each kind of result. */
export const searchQuery = pageQuery().extend({
  query: z
    .string({ error: SEARCH_MESSAGES.emptyQuery })
    .transform(normalizeSearchQuery)
    .refine((query) => query !== '', { error: SEARCH_MESSAGES.emptyQuery }),
});
export type SearchQuery = z.output<typeof searchQuery>;

/** A person found by search: what the user card shows. */
export const userSearchItem = z.object({
  id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  /** null unless the user chose to show their e-mail address to others (off by default). */
  email: z.string().nullable(),
  /** '' when there is none. */
  bio: z.string(),
  profilePicture: z.string().nullable(),
  /** Whether the viewer follows this user (wire contract decision 13). */
  isCurrentUserFollowing: z.boolean(),
});
export type UserSearchItem = z.infer<typeof userSearchItem>;

/** A kind's total is exact unless `totalIsLowerBound`: then more than `rankedMatches` matched. */
const bounded = { totalIsLowerBound: z.boolean() };

/** Each kind is a page with its total, most relevant first (ties: newest first). */
export const searchResult = z.object({
  /**
   * `remote`: with FEDERATION=true, the person on another server the query names (`@name@server` or
   * their profile's address), found on their server; absent otherwise. It is not counted in the total.
   * `remoteRefused` (additive): why that person was not looked up (their server is blocked here).
   */
  users: page(userSearchItem)
    .extend(bounded)
    .extend({ remote: remoteAccount.optional(), remoteRefused: z.string().optional() }),
  posts: postPage.extend(bounded),
  learningPlans: learningPlanPage.extend(bounded),
  /** Study groups the viewer may see: public ones, and invite-only ones they are in (additive). */
  groups: groupPage.extend(bounded),
});
export type SearchResult = z.infer<typeof searchResult>;
