import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons';

/**
 * The top bar's search: a query that is non-empty after trimming opens the search page; the box is then
 * cleared.
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    navigate(`/search?q=${encodeURIComponent(trimmed)}`);
    setQuery('');
    onSearch?.();
  };

  return (
    /* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some supported
       browsers; the role gives every browser the landmark. */
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor={inputId} className="sr-only">
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search people, posts and plans"
        className="block w-full rounded-lg border border-slate-300 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-600 focus:bg-white"
      />
    </form>
  );
}
