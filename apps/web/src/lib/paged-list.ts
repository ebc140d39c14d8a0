import { PAGE_SIZE, type Page } from '@pathwise/contract';
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';

/** The query string of page `page` of a list at the spec's page size, after the list's own `filters`. */
export function pageQuery(page: number, filters: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({ ...filters, page: String(page), size: String(PAGE_SIZE.default) });
}

/**
 * What a paged list needs of an API page; some answers add fields of their own, such as the cursor of
 * the next page (lists that answer one are read after it, through the index, where a deep page skips).
 */
type PageLike = Pick<Page<unknown>, 'content' | 'number' | 'last'> & { nextCursor?: string | null };

/** Which page to read: its number, and the cursor after the one before when the list answers cursors. */
type PageParam = { page: number; cursor?: string | undefined };

/** The pages of a list loaded so far, as the cache holds them. */
export type Pages<P extends PageLike> = InfiniteData<P>;

/** A paged list: its pages and the means to ask for the next one. */
export type PagedList<P extends PageLike> = UseInfiniteQueryResult<Pages<P>>;

type PagedListOptions<P extends PageLike> = {
  queryKey: QueryKey;
  fetchPage: (page: number, signal: AbortSignal, cursor?: string) => Promise<P>;
  /**
   * Coming back to this list (another tab, another visit, the dialog reopened) starts it again from page 0.
   */
  restartOnReturn?: boolean;
};

/**
 * Paging: page 0 first, then each 'Load More' appends the next page until one says it is the
 * last. Every list of the app that grows page by page is one of these.
 */
export function usePagedList<P extends PageLike>({
  queryKey,
  fetchPage,
  restartOnReturn,
}: PagedListOptions<P>) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam.page, signal, pageParam.cursor),
    initialPageParam: { page: 0 } as PageParam,
    getNextPageParam: (page: P): PageParam | undefined =>
      page.last ? undefined : { page: page.number + 1, cursor: page.nextCursor ?? undefined },
    // Nothing is kept once the list is off screen, so showing it again loads page 0 anew.
    ...(restartOnReturn && { gcTime: 0 }),
  });
}

/** Every item loaded so far, in page order. */
export function itemsOf<T>(pages: Pages<Page<T>>): T[] {
  return pages.pages.flatMap((page) => page.content);
}

/** Applies `change` to every item of cached pages; returning null drops the item. */
export function mapPagedItems<T>(pages: Pages<Page<T>>, change: (item: T) => T | null): Pages<Page<T>> {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      content: page.content.flatMap((item) => change(item) ?? []),
    })),
  };
}
