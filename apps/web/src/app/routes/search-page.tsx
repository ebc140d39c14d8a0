import { normalizeSearchQuery } from '@pathwise/contract';
import { useSearchParams } from 'react-router';
import { PlanCard } from '../../features/plans';
import { PostCard } from '../../features/posts';
import { SearchForm, SearchResults, useSearchAgain } from '../../features/search';
import { useDocumentTitle } from '../../lib/document-title';

/** Searches on load when q is present, and for every query submitted. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const searchAgain = useSearchAgain();
  const query = normalizeSearchQuery(params.get('q') ?? '');
  useDocumentTitle(query ? `Search: ${query}` : 'Search');

  const search = (submitted: string) => {
    if (submitted === query) void searchAgain(query);
    else setParams({ q: submitted });
  };

  return (
    <section aria-labelledby="search-heading" className="space-y-6">
      <h1 id="search-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Search
      </h1>
      {/* Keyed by the query, so the box shows a query arriving from the top bar and results start on the All tab. */}
      <SearchForm key={`form-${query}`} query={query} onSearch={search} />
      {query && (
        <SearchResults
          key={query}
          query={query}
          renderPost={(post) => <PostCard post={post} />}
          renderPlan={(plan) => <PlanCard plan={plan} />}
        />
      )}
    </section>
  );
}
