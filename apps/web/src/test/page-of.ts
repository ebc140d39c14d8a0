import type { Page } from '@pathwise/contract';

/** A page answer as the API sends it, for lists of any kind. */
export function pageOf<T>(content: T[], number = 0, last = true): Page<T> {
  return {
    content,
    number,
    size: 10,
    totalElements: content.length,
    totalPages: number + 1,
    first: number === 0,
    last,
  };
}
