/** Route modules load lazily; on a busy two-core CI machine the first import can take seconds. */
export const PAGE_LOAD_TIMEOUT_MS = 5000;
