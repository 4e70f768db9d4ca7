/** True when PostgreSQL answered `code` (an SQLSTATE), whether the error is raw or wrapped by Drizzle. */
function hasCode(err: unknown, code: string): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === code) return true;
  }
  return false;
}

/** unique_violation: the row's key is taken. */
export const isUniqueViolation = (err: unknown) => hasCode(err, "23505");

/** foreign_key_violation: the row it points to was deleted meanwhile. */
export const isForeignKeyViolation = (err: unknown) => hasCode(err, "23503");
