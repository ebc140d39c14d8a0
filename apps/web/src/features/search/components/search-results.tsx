import {
  type Group,
  type LearningPlan,
  looksLikeRemoteAccount,
  type Page,
  type Post,
  type RemoteAccount,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  type UserSearchItem,
} from '@pathwise/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Callout, ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { Loading } from '../../../components/loading';
import { type TabItem, Tabs } from '../../../components/tabs';
import { useInstanceSettings } from '../../../lib/instance';
import { itemsOf } from '../../../lib/paged-list';
import { type SearchGroup, useSearchGroup } from '../api/queries';
import {
  GROUP_TEXTS,
  noMatchText,
  resultsText,
  SEARCH_TEXTS,
  totalText,
  viewAllLabel,
} from '../search-texts';
import { UserCard } from './user-card';

/**
 * Posts, plans, groups and someone on another server are shown with their own features' cards, which the
 * page composing this one supplies.
 */
export type SearchResultsProps = {
  query: string;
  renderPost: (post: Post) => ReactNode;
  renderPlan: (plan: LearningPlan) => ReactNode;
  renderGroup: (group: Group) => ReactNode;
  renderRemoteAccount: (account: RemoteAccount) => ReactNode;
};

/** One kind of result, its loaded cards rendered in rank order, with what its tab needs to page on. */
type GroupView = {
  group: SearchGroup;
  total: number;
  /** More matched than the server ranked: `total` is the number ranked. */
  totalIsLowerBound: boolean;
  cards: { key: string; card: ReactNode }[];
  layout: string;
  paging: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
  >;
};

/** `lead`: a card before the results, counted with them (the person on another server a search named). */
function groupView<T extends { id: number }>(
  group: SearchGroup,
  list: UseInfiniteQueryResult<InfiniteData<Page<T> & { totalIsLowerBound: boolean }>>,
  render: (item: T) => ReactNode,
  layout: string,
  lead?: { key: string; card: ReactNode },
): GroupView | null {
  if (!list.data) return null;
  const items = itemsOf(list.data);
  const cards = items.map((item) => ({ key: String(item.id), card: render(item) }));
  return {
    group,
    total: (list.data.pages[0]?.totalElements ?? 0) + (lead ? 1 : 0),
    totalIsLowerBound: list.data.pages[0]?.totalIsLowerBound ?? false,
    cards: lead ? [lead, ...cards] : cards,
    layout,
    paging: list,
  };
}

function CardList({ view, count }: { view: GroupView; count?: number }) {
  return (
    <ul className={view.layout}>
      {view.cards.slice(0, count).map(({ key, card }) => (
        <li key={key}>{card}</li>
      ))}
    </ul>
  );
}

/** A kind's own tab: every result, page after page ('Load More'). */
function GroupTab({ view, query }: { view: GroupView; query: string }) {
  const { paging } = view;
  return (
    <div className="space-y-4">
      {view.totalIsLowerBound && <p className="text-sm text-slate-600">{resultsText(view)}</p>}
      {view.total === 0 ? <EmptyState title={noMatchText(view.group, query)} /> : <CardList view={view} />}
      <LoadMore list={paging} failure={SEARCH_MESSAGES.failed} />
    </div>
  );
}

/** The All tab: the first few of each kind that has results, each leading to its own tab. */
function AllTab({
  views,
  query,
  onViewAll,
}: {
  views: GroupView[];
  query: string;
  onViewAll: (group: SearchGroup) => void;
}) {
  const headingId = useId();
  const found = views.filter((view) => view.total > 0);
  if (found.length === 0) {
    return (
      <EmptyState title={SEARCH_TEXTS.noResults(query)}>
        <p>{SEARCH_TEXTS.noResultsHint}</p>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-8">
      {found.map((view) => (
        <section key={view.group} aria-labelledby={`${headingId}-${view.group}`} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${headingId}-${view.group}`} className="text-lg font-semibold text-slate-900">
              {GROUP_TEXTS[view.group].tab}
            </h2>
            <button type="button" onClick={() => onViewAll(view.group)} className="text-link text-sm">
              {viewAllLabel(view.group, view)}
            </button>
          </div>
          <CardList view={view} count={SEARCH_LIMITS.allTab[view.group]} />
        </section>
      ))}
    </div>
  );
}

/**
 * What a search for `@name@server` or a profile's address says when no one was found there: why the
 * server did not look (`refused`: their server is blocked here), that this instance does not federate,
 * or that their server did not answer with such a person.
 */
function RemoteNotFound({ query, refused }: { query: string; refused: string | undefined }) {
  const settings = useInstanceSettings(true);
  if (!settings) return null;
  const text = !settings.federationHost
    ? SEARCH_TEXTS.remoteOff(query)
    : (refused ?? SEARCH_TEXTS.remoteNotFound(query));
  return (
    <Callout tone="warning">
      <p>{text}</p>
    </Callout>
  );
}

/**
 * The search page's results: tabs with real totals over users, posts, learning plans and study groups; the
 * Users lead with the person on another server the query names, when their server answered.
 */
export function SearchResults({
  query,
  renderPost,
  renderPlan,
  renderGroup,
  renderRemoteAccount,
}: SearchResultsProps) {
  const users = useSearchGroup(query, 'users');
  const posts = useSearchGroup(query, 'posts');
  const plans = useSearchGroup(query, 'learningPlans');
  const groups = useSearchGroup(query, 'groups');
  const [selectedIndex, setSelectedIndex] = useState(0);
  const tabsRef = useRef<HTMLDivElement>(null);
  const focusSelectedTab = useRef(false);

  // 'View all' takes the reader to the tab it opens, instead of leaving focus on a button now gone.
  useEffect(() => {
    if (!focusSelectedTab.current) return;
    focusSelectedTab.current = false;
    tabsRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex]?.focus();
  }, [selectedIndex]);

  const remote = users.data?.pages[0]?.remote;
  const remoteRefused = users.data?.pages[0]?.remoteRefused;
  const views = [
    groupView(
      'users',
      users,
      (user: UserSearchItem) => <UserCard user={user} />,
      'grid gap-4 sm:grid-cols-2',
      remote && { key: `remote-${remote.id}`, card: renderRemoteAccount(remote) },
    ),
    groupView('posts', posts, renderPost, 'space-y-4'),
    groupView('learningPlans', plans, renderPlan, 'grid gap-4 md:grid-cols-2'),
    groupView('groups', groups, renderGroup, 'grid gap-4 md:grid-cols-2'),
  ];
  if ([users, posts, plans, groups].some((list) => list.isError && !list.data)) {
    return <ErrorBox>{SEARCH_MESSAGES.failed}</ErrorBox>;
  }
  if (!views.every((view) => view !== null)) return <Loading />;

  const viewAll = (group: SearchGroup) => {
    focusSelectedTab.current = true;
    setSelectedIndex(1 + views.findIndex((view) => view.group === group));
  };
  const tabs: TabItem[] = [
    {
      key: 'all',
      label: SEARCH_TEXTS.allTab,
      panel: <AllTab views={views} query={query} onViewAll={viewAll} />,
    },
    ...views.map((view) => ({
      key: view.group,
      label: `${GROUP_TEXTS[view.group].tab} (${totalText(view)})`,
      panel: <GroupTab view={view} query={query} />,
    })),
  ];
  return (
    <div ref={tabsRef} className="space-y-4">
      {!remote && looksLikeRemoteAccount(query) && <RemoteNotFound query={query} refused={remoteRefused} />}
      <Tabs tabs={tabs} selectedIndex={selectedIndex} onChange={setSelectedIndex} />
    </div>
  );
}
