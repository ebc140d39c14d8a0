/**
 * Route modules load lazily; on a busy two-core CI machine the first import can take seconds (ten
 * were not always enough with the end-to-end tests running beside these).
 */
export const PAGE_LOAD_TIMEOUT_MS = 20_000;
