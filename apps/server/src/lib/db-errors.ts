type PgError = { code?: unknown; constraint?: unknown; message?: unknown };

/** Whether `test` holds for the error or one of its causes: drivers wrap PostgreSQL's errors differently. */
function anyCause(error: unknown, test: (candidate: PgError) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (test(current as PgError)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when a query failed on a unique constraint (PostgreSQL error 23505), whatever the driver's
 * wrapping; with `constraint`, only when it is that constraint (or unique index).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return anyCause(
    error,
    ({ code, constraint: violated }) =>
      code === '23505' && (constraint === undefined || violated === constraint),
  );
}

/** True when a query failed on a foreign key (PostgreSQL error 23503): the referenced row is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return anyCause(error, ({ code }) => code === '23503');
}

/**
 * For `.catch`: a foreign key refusing the row means its target was deleted meanwhile, which the
 * caller answers as `gone` (a 404) rather than as a failure of ours; anything else goes on.
 */
export const whenReferenceGone =
  (gone: Error) =>
  (error: unknown): never => {
    throw isForeignKeyViolation(error) ? gone : error;
  };

/** True when PostgreSQL refused a time zone name its time zone database does not have (error 22023). */
export function isUnknownTimeZone(error: unknown): boolean {
  return anyCause(
    error,
    ({ code, message }) => code === '22023' && typeof message === 'string' && message.includes('time zone'),
  );
}
