/**
 * Whether a failed send can succeed later. SMTP 5xx answers are permanent (no such mailbox,
 * refused): retrying only delays telling the owner. 4xx answers, timeouts and refused
 * connections are transient (our relay restarting, greylisting).
 */
export function classifySendError(err: unknown): { permanent: boolean; reason: string } {
  const e = err as { responseCode?: number; code?: string; response?: string; message?: string };
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 500);
  if (typeof e.responseCode === "number")
    return { permanent: e.responseCode >= 500 && e.responseCode < 600, reason: `SMTP ${e.responseCode}: ${reason}` };
  return { permanent: false, reason: e.code ? `${e.code}: ${reason}` : reason };
}
