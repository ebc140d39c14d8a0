import type { Page, PageQuery } from '@pathwise/contract';

/** LIMIT/OFFSET of a page request. */
export const pageWindow = ({ page, size }: PageQuery) => ({ limit: size, offset: page * size });

/** The Spring-style page the spec's client reads, from one page of items and the total count. */
export function toPage<T>(content: T[], totalElements: number, { page, size }: PageQuery): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    number: page,
    size,
    totalElements,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
  };
}
