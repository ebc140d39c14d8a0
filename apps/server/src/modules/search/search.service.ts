import type { PageQuery, RemoteAccount, SearchQuery, SearchResult } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import { responseText } from '../../lib/response-text.js';
import { isVisitor, type Viewer } from '../../lib/viewer.js';
import type { GroupsService } from '../groups/index.js';
import type { PlansService } from '../plans/index.js';
import type { PostsService } from '../posts/index.js';
import { prepareSearch, prepareUserItems, type RankedIds, rankAll, rankInput } from './search.queries.js';
import { readSearchTerms } from './search-terms.js';

/**
 * Posts, plans and groups are built by their own modules, as their lists build them, in the order of the ids
 * given.
 */
type SearchDependencies = {
  db: Database;
  posts: Pick<PostsService, 'responsesFor'>;
  plans: Pick<PlansService, 'plansFor'>;
  groups: Pick<GroupsService, 'groupsFor'>;
  /**
   * With FEDERATION=true: the person on another server a query names (`@name@server`, a profile's
   * address), looked up on their server, else null; an AppError when it may not be (a blocked server).
   */
  findRemote?: (viewer: Viewer, query: string) => Promise<RemoteAccount | null>;
};

/** A kind's page; its total is a lower bound when more matched than were ranked. */
const boundedPage = <T>(content: T[], found: RankedIds, pageQuery: PageQuery) => ({
  ...toPage(content, found.total, pageQuery),
  totalIsLowerBound: found.totalIsLowerBound,
});

/** `items` in the order of `ids` (the ranking), whatever order the database gave them in. */
function inRankOrder<T extends { id: number }>(ids: number[], items: T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function createSearchService({ db, posts, plans, groups, findRemote }: SearchDependencies) {
  const usersWithIds = prepareUserItems(db);
  return {
    /**
     * Users, posts, plans and groups matching `query`, each a page with its total (bounded), in a constant
     * number of statements.
     */
    async search(viewer: Viewer, { query, ...pageQuery }: SearchQuery): Promise<SearchResult> {
      const terms = readSearchTerms(query);
      const window = pageWindow(pageQuery);
      // Asked of the other server beside the local search, on the first page and for people signed in
      // only (a visitor does not make this server fetch); a failure there leaves the local answer, a
      // refusal (its message is for people) is said.
      const remote =
        findRemote && pageQuery.page === 0 && !isVisitor(viewer)
          ? findRemote(viewer, query).catch((error) => (error instanceof AppError ? error : null))
          : Promise.resolve(null);
      const {
        users: foundUsers,
        posts: foundPosts,
        plans: foundPlans,
        groups: foundGroups,
      } = await db.transaction(async (tx) => {
        await prepareSearch(tx);
        return rankAll(tx, rankInput(terms, viewer.id, window));
      });
      const [userItems, postResponses, planResponses, groupResponses, remoteAccount] = await Promise.all([
        usersWithIds(foundUsers.ids, viewer.id),
        posts.responsesFor(viewer, foundPosts.ids),
        plans.plansFor(viewer, foundPlans.ids),
        groups.groupsFor(viewer, foundGroups.ids),
        remote,
      ]);
      const users = {
        ...boundedPage(
          inRankOrder(foundUsers.ids, userItems).map((user) => ({
            ...user,
            bio: responseText(user.bio),
            profilePicture: viewer.mediaUrl(user.profilePicture),
          })),
          foundUsers,
          pageQuery,
        ),
        ...(remoteAccount instanceof AppError
          ? { remoteRefused: remoteAccount.message }
          : remoteAccount && { remote: remoteAccount }),
      };
      return {
        users,
        posts: boundedPage(postResponses, foundPosts, pageQuery),
        learningPlans: boundedPage(planResponses, foundPlans, pageQuery),
        groups: boundedPage(inRankOrder(foundGroups.ids, groupResponses), foundGroups, pageQuery),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
