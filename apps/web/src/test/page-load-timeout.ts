/**
 * Route modules load lazily; on a busy two-core CI machine the first import can take seconds (five
 * were not always enough with the server's tests running beside these).
 */
export const PAGE_LOAD_TIMEOUT_MS = 10_000;
