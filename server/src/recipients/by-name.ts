/** Recipients in name order, then by id: the order every list of them uses. */
export const byName = (a: { name: string; id: string }, b: { name: string; id: string }): number =>
  a.name.localeCompare(b.name, "en") || a.id.localeCompare(b.id);
