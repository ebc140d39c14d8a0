import { normalizeSearchQuery, SEARCH_LIMITS } from '@pathwise/contract';
import { type FormEvent, useId, useState } from 'react';
import { SearchIcon } from '../../../components/icons';

type SearchFormProps = {
  /** The query searched for now, shown in the box. */
  query: string;
  onSearch: (query: string) => void;
};

/** Query input and Search button; a query empty after trimming is not sent. */
export function SearchForm({ query, onSearch }: SearchFormProps) {
  const inputId = useId();
  const [text, setText] = useState(query);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizeSearchQuery(text);
    if (normalized) onSearch(normalized);
  };

  return (
    /* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some supported
       browsers; the role gives every browser the landmark. */
    <form role="search" aria-label="Search Pathwise" onSubmit={submit} className="flex gap-2">
      <label htmlFor={inputId} className="sr-only">
        Search for
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={SEARCH_LIMITS.queryMaxLength}
          placeholder="People, posts and learning plans"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-10 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30"
        />
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
    </form>
  );
}
