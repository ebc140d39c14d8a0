import { FEED_MESSAGES, normalizeSearchQuery } from '@pathwise/contract';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { RemoteAccountCard } from '../../features/federation';
import { PeopleToFollow, type RenderFollow } from '../../features/feed/suggestions';
import { GroupCard } from '../../features/groups';
import { PlanCard } from '../../features/plans';
import { PlansToExplore } from '../../features/plans/explore';
import { PostCard } from '../../features/posts';
import {
  RecentSearches,
  rememberSearch,
  SearchForm,
  SearchResults,
  useSearchAgain,
} from '../../features/search';
import { FollowPersonButton } from '../../features/users/follow';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/document-title';

const renderFollow: RenderFollow = (person, following, onFollowing) => (
  <FollowPersonButton person={person} following={following} onFollowing={onFollowing} />
);

function SuggestionBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Without a query: the person's recent searches, then plans to explore and people to follow. */
function SearchSuggestions() {
  return (
    <div className="space-y-6">
      <RecentSearches />
      <div className="grid gap-6 md:grid-cols-2">
        <SuggestionBox id="search-plans-to-explore" title="Popular learning plans">
          <PlansToExplore />
        </SuggestionBox>
        <SuggestionBox id="search-people-to-follow" title={FEED_MESSAGES.suggestionsTitle}>
          <PeopleToFollow renderFollow={renderFollow} />
        </SuggestionBox>
      </div>
    </div>
  );
}

/** Searches on load when q is present, and for every query submitted; suggests where to start without one. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const searchAgain = useSearchAgain();
  const user = useSignedInUser();
  const query = normalizeSearchQuery(params.get('q') ?? '');
  useDocumentTitle(query ? `Search: ${query}` : 'Search');
  // Every query searched, from the box, the top bar or a link, joins the person's recent searches.
  useEffect(() => {
    if (query) rememberSearch(user.id, query);
  }, [query, user.id]);

  const search = (submitted: string) => {
    if (submitted === query) void searchAgain(query);
    else setParams({ q: submitted });
  };

  return (
    <section aria-labelledby="search-heading" className="space-y-6">
      <h1 id="search-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Search
      </h1>
      {/* Keyed by the query, so the box shows a query arriving from the top bar and results start on the
          All tab. */}
      <SearchForm key={`form-${query}`} query={query} onSearch={search} />
      {query ? (
        <SearchResults
          key={query}
          query={query}
          renderPost={(post) => <PostCard post={post} />}
          renderPlan={(plan) => <PlanCard plan={plan} />}
          renderGroup={(group) => <GroupCard group={group} />}
          renderRemoteAccount={(account) => <RemoteAccountCard account={account} />}
        />
      ) : (
        <SearchSuggestions />
      )}
    </section>
  );
}
