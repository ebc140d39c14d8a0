/**
 * Saved items' messages, zod-free: the Save button is on the first page people see (docs/testing.md,
 * "Budgets").
 */
export const SAVED_MESSAGES = {
  updateFailed: 'Could not update your saved items',
} as const;
