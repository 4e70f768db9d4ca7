/** `items` in slices of at most `size`: one statement's parameters stay under PostgreSQL's 65,535. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
