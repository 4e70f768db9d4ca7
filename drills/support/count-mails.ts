import type { SinkMail } from "./smtp-sink.ts";

export interface ReleaseCount {
  expected: number;
  /** Distinct expected (message, recipient) pairs that arrived. */
  receivedUnique: number;
  /** Arrivals beyond the first of a pair. */
  duplicates: number;
  /** Expected pairs that never arrived. */
  lost: number;
  /** Release mails for a pair nobody expected (wrong message or address). */
  unexpected: number;
  /** How many times each pair arrived. */
  arrivals: Map<string, number>;
}

export const releaseKey = (m: Pick<SinkMail, "messageId" | "to">) => `${m.messageId} ${m.to}`;

/** Counts recipient mails in the sink against the pairs that must arrive exactly once. */
export function countReleases(mails: readonly SinkMail[], expected: Set<string>): ReleaseCount {
  const arrivals = new Map<string, number>();
  let unexpected = 0;
  for (const m of mails) {
    if (m.kind !== "release") continue;
    const key = releaseKey(m);
    if (!expected.has(key)) unexpected++;
    arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
  }
  let receivedUnique = 0;
  let duplicates = 0;
  for (const key of expected) {
    const n = arrivals.get(key) ?? 0;
    if (n > 0) receivedUnique++;
    if (n > 1) duplicates += n - 1;
  }
  return {
    expected: expected.size,
    receivedUnique,
    duplicates,
    lost: expected.size - receivedUnique,
    unexpected,
    arrivals,
  };
}
