/** True for PostgreSQL's unique_violation (23505), whether raw or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === "23505") return true;
  }
  return false;
}
