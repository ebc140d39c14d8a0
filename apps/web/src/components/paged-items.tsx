import type { Page } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { itemsOf, type PagedList } from '../lib/paged-list';
import { LoadMore } from './load-more';
import { Loading } from './loading';

type PagedItemsProps<T> = {
  list: PagedList<Page<T>>;
  /** Shown while the first page loads: 'Loading...' unless the list names it otherwise. */
  loading?: ReactNode;
  /** Shown instead of the list when its first page cannot be loaded. */
  failure: ReactNode;
  /** Said over 'Load More' when a later page cannot be loaded; the items stay and the button tries again. */
  loadMoreFailure: string;
  loadMoreLabel?: string;
  /** Of the box holding every state, so a page's spacing does not change while the list loads. */
  className?: string;
  /** The items loaded so far (none too: each list says 'empty' in its own words, next to its own notices). */
  children: (items: T[]) => ReactNode;
};

/** What a list built on PagedItems passes through to it: its loading, failure and 'Load More' words. */
export type PagedStates = Pick<
  PagedItemsProps<unknown>,
  'loading' | 'failure' | 'loadMoreFailure' | 'loadMoreLabel'
>;

/**
 * Paging, shown the same way by every list: 'Loading...' for the first page, the list's
 * failure when that page cannot come, then the items with 'Load More' under them while pages remain.
 */
export function PagedItems<T>({
  list,
  loading = <Loading />,
  failure,
  loadMoreFailure,
  loadMoreLabel,
  className,
  children,
}: PagedItemsProps<T>) {
  return (
    <div className={className}>
      {list.isPending ? (
        loading
      ) : !list.data ? (
        failure
      ) : (
        <>
          {children(itemsOf(list.data))}
          <LoadMore list={list} failure={loadMoreFailure} {...(loadMoreLabel && { label: loadMoreLabel })} />
        </>
      )}
    </div>
  );
}
