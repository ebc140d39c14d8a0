import { errorBody } from '@pathwise/contract';

/**
 * The failure answers a route documents, each the contract's error body. Signed-in routes need not
 * list 401 nor `security`: the docs plugin adds both to every route that is not public.
 */
export function failures<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<
    Status,
    typeof errorBody
  >;
}
