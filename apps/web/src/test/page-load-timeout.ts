/**
 * Route modules load lazily; on a busy two-core CI machine the first import can take seconds. These tests
 * run at a lower priority than the end-to-end tests beside them, and 45 were not always enough for a page's
 * first transform there.
 */
export const PAGE_LOAD_TIMEOUT_MS = 90_000;
