import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { isValidTag, normalizeTag, TAG_LIMITS, TAG_MESSAGES, type TagSuggestion } from '@pathwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '../lib/api-client';

type TagEditorProps = {
  /** The tags chosen so far, stored names (without `#`). */
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** The server's refusal of the tags, under the field. */
  error?: string | undefined;
};

const PREFIX = /^[a-z0-9-]{1,30}$/;

/** Tags beginning with `prefix` that the viewer may see used, most used first. */
function useTagSuggestions(prefix: string) {
  return useQuery({
    queryKey: ['tags', 'suggestions', prefix],
    queryFn: ({ signal }) =>
      apiRequest<TagSuggestion[]>(`/api/tags?prefix=${encodeURIComponent(prefix)}`, { signal }),
    enabled: PREFIX.test(prefix),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * Up to four tags, typed like `#typescript`: a combobox offering the tags people already use that begin
 * with what is typed (most used first) and the typed tag itself when it is new; arrow keys and Enter
 * choose, each chosen tag has its own remove button.
 */
export function TagEditor({ value, onChange, error }: TagEditorProps) {
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const errorId = useId();
  const prefix = normalizeTag(typed);
  const suggestions = useTagSuggestions(prefix);
  const full = value.length >= TAG_LIMITS.perItem;
  const names = PREFIX.test(prefix)
    ? (suggestions.data ?? []).map((s) => s.name).filter((name) => name.startsWith(prefix))
    : [];
  // The tags in use first, so that the arrow keys reach them at once; the typed one last, when it is new.
  const options = [...names, ...(isValidTag(prefix) && !names.includes(prefix) ? [prefix] : [])].filter(
    (name) => !value.includes(name),
  );
  const invalid = typed.trim() !== '' && typed.trim() !== '#' && !isValidTag(typed);

  const add = (tag: string | null) => {
    if (!tag || full || value.includes(tag)) return;
    onChange([...value, tag]);
    setTyped('');
  };

  return (
    <div className="space-y-2">
      <label htmlFor={`${hintId}-input`} className="block text-sm font-medium text-slate-800">
        Tags
      </label>
      {value.length > 0 && (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-2">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm font-medium text-indigo-700"
            >
              #{tag}
              <button
                type="button"
                aria-label={`Remove #${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="rounded-full px-1.5 text-indigo-700 hover:bg-indigo-100"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox value={null} onChange={add} disabled={full}>
        <div className="relative">
          <ComboboxInput
            id={`${hintId}-input`}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100"
            placeholder={full ? `${TAG_LIMITS.perItem} tags chosen` : '#typescript'}
            aria-describedby={[hintId, invalid || error ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={invalid || error ? true : undefined}
            autoComplete="off"
            value={typed}
            displayValue={() => typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {options.length > 0 && (
            <ComboboxOptions className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
              {options.map((name) => {
                const uses = suggestions.data?.find((s) => s.name === name)?.uses;
                return (
                  <ComboboxOption
                    key={name}
                    value={name}
                    className="flex cursor-pointer justify-between px-3 py-2 text-sm text-slate-800 data-focus:bg-indigo-50 data-focus:text-indigo-800"
                  >
                    <span>#{name}</span>
                    <span className="text-slate-600">
                      {uses === undefined ? 'new tag' : `${uses} ${uses === 1 ? 'use' : 'uses'}`}
                    </span>
                  </ComboboxOption>
                );
              })}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      <p id={hintId} className="text-sm text-slate-600">
        Up to {TAG_LIMITS.perItem} tags: letters, digits and hyphens. Choose with the arrow keys and Enter.
      </p>
      {(invalid || error) && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {invalid ? TAG_MESSAGES.invalid : error}
        </p>
      )}
    </div>
  );
}
