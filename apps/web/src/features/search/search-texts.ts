import type { SearchGroup } from './api/queries';

/** The search page's texts. */
export const SEARCH_TEXTS = {
  allTab: 'All Results',
  noResults: (query: string) => `No results found for "${query}"`,
  noResultsHint: 'Try different keywords or check your spelling',
  recentTitle: 'Recent searches',
  clearRecent: 'Clear recent searches',
  /** A search for `@name@server` or a profile's address that found no one there. */
  remoteNotFound: (query: string) =>
    `No one was found at ${query}. Their server may be unreachable or slow to answer right now, ` +
    'or there is no such account: check the address and try again.',
  remoteOff: (query: string) =>
    `This Pathwise is not connected to other servers, so ${query} cannot be looked up here.`,
} as const;

/** How each kind of result is named: its tab, its 'View all N …' button and its empty text. */
export const GROUP_TEXTS: Record<SearchGroup, { tab: string; one: string; many: string }> = {
  users: { tab: 'Users', one: 'user', many: 'users' },
  posts: { tab: 'Posts', one: 'post', many: 'posts' },
  learningPlans: { tab: 'Learning Plans', one: 'learning plan', many: 'learning plans' },
  groups: { tab: 'Groups', one: 'study group', many: 'study groups' },
};

/** A kind's total as shown: "1,000+" when more matched than the server ranked. */
export type ShownTotal = { total: number; totalIsLowerBound: boolean };
export const totalText = ({ total, totalIsLowerBound }: ShownTotal) =>
  totalIsLowerBound ? `${total.toLocaleString('en-US')}+` : String(total);

export const resultsText = (shown: ShownTotal) => `${totalText(shown)} results`;

export const viewAllLabel = (group: SearchGroup, shown: ShownTotal) => {
  const { one, many } = GROUP_TEXTS[group];
  return `View all ${totalText(shown)} ${shown.total === 1 && !shown.totalIsLowerBound ? one : many}`;
};

export const noMatchText = (group: SearchGroup, query: string) =>
  `No ${GROUP_TEXTS[group].many} found matching "${query}"`;
