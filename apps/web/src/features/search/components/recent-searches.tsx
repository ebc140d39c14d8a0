import { useState } from 'react';
import { Link } from 'react-router';
import { useSignedInUser } from '../../../lib/auth/auth-context';
import { clearRecentSearches, readRecentSearches } from '../recent-searches';
import { SEARCH_TEXTS } from '../search-texts';

/** The search page without a query: the person's recent searches, each a link that runs it again. */
export function RecentSearches() {
  const user = useSignedInUser();
  const [queries, setQueries] = useState(() => readRecentSearches(user.id));
  if (queries.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-searches" className="text-lg font-semibold text-slate-900">
          {SEARCH_TEXTS.recentTitle}
        </h2>
        <button
          type="button"
          className="text-link text-sm"
          onClick={() => {
            clearRecentSearches(user.id);
            setQueries([]);
          }}
        >
          {SEARCH_TEXTS.clearRecent}
        </button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {queries.map((query) => (
          <li key={query} className="min-w-0 max-w-full">
            <Link
              to={`/search?${new URLSearchParams({ q: query })}`}
              className="block truncate rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:border-indigo-400 hover:text-indigo-700"
            >
              {query}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
