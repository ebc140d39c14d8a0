import {
  type LearningPlan,
  type Page,
  type Post,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  type UserSearchItem,
} from '@pathwise/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { Loading } from '../../../components/loading';
import { type TabItem, Tabs } from '../../../components/tabs';
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

/** Posts and plans are shown with their own features' cards, which the page composing this one supplies. */
export type SearchResultsProps = {
  query: string;
  renderPost: (post: Post) => ReactNode;
  renderPlan: (plan: LearningPlan) => ReactNode;
};

/** One kind of result, its loaded cards rendered in rank order, with what its tab needs to page on. */
type GroupView = {
  group: SearchGroup;
  total: number;
  /** More matched than the server ranked: `total` is the number ranked. */
  totalIsLowerBound: boolean;
  cards: { id: number; card: ReactNode }[];
  layout: string;
  paging: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
  >;
};

function groupView<T extends { id: number }>(
  group: SearchGroup,
  list: UseInfiniteQueryResult<InfiniteData<Page<T> & { totalIsLowerBound: boolean }>>,
  render: (item: T) => ReactNode,
  layout: string,
): GroupView | null {
  if (!list.data) return null;
  const items = itemsOf(list.data);
  return {
    group,
    total: list.data.pages[0]?.totalElements ?? 0,
    totalIsLowerBound: list.data.pages[0]?.totalIsLowerBound ?? false,
    cards: items.map((item) => ({ id: item.id, card: render(item) })),
    layout,
    paging: list,
  };
}

function CardList({ view, count }: { view: GroupView; count?: number }) {
  return (
    <ul className={view.layout}>
      {view.cards.slice(0, count).map(({ id, card }) => (
        <li key={id}>{card}</li>
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

/** The search page's results: tabs with real totals over users, posts and learning plans. */
export function SearchResults({ query, renderPost, renderPlan }: SearchResultsProps) {
  const users = useSearchGroup(query, 'users');
  const posts = useSearchGroup(query, 'posts');
  const plans = useSearchGroup(query, 'learningPlans');
  const [selectedIndex, setSelectedIndex] = useState(0);
  const tabsRef = useRef<HTMLDivElement>(null);
  const focusSelectedTab = useRef(false);

  // 'View all' takes the reader to the tab it opens, instead of leaving focus on a button now gone.
  useEffect(() => {
    if (!focusSelectedTab.current) return;
    focusSelectedTab.current = false;
    tabsRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex]?.focus();
  }, [selectedIndex]);

  const views = [
    groupView(
      'users',
      users,
      (user: UserSearchItem) => <UserCard user={user} />,
      'grid gap-4 sm:grid-cols-2',
    ),
    groupView('posts', posts, renderPost, 'space-y-4'),
    groupView('learningPlans', plans, renderPlan, 'grid gap-4 md:grid-cols-2'),
  ];
  if ([users, posts, plans].some((list) => list.isError && !list.data)) {
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
    <div ref={tabsRef}>
      <Tabs tabs={tabs} selectedIndex={selectedIndex} onChange={setSelectedIndex} />
    </div>
  );
}
