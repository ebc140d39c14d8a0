import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { ErrorBox } from './callout';
import { Spinner } from './spinner';

type LoadMoreProps = {
  list: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
  >;
  /** The spec names the button per list: 'Load More' unless told otherwise. */
  label?: string;
  /** Said in a red box when the next page cannot be loaded; the button then tries that page again. */
  failure: string;
};

/**
 * The button under a paged list while pages remain. The list grows in place; the button is
 * disabled while a page loads.
 */
export function LoadMore({ list, label = 'Load More', failure }: LoadMoreProps) {
  return (
    <>
      {list.isFetchNextPageError && <ErrorBox>{failure}</ErrorBox>}
      {list.hasNextPage && (
        <div className="flex justify-center py-3">
          <button
            type="button"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            className="btn-secondary"
          >
            {list.isFetchingNextPage && <Spinner className="size-4" />}
            {label}
          </button>
        </div>
      )}
    </>
  );
}
