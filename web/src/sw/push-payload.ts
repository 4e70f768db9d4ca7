import type { PushPayload } from "@trigger-switch/contracts";

const isText = (value: unknown): value is string => typeof value === "string";

/**
 * A push's payload, checked by hand as contracts' pushPayloadSchema would (zod would be most of the
 * worker's size); null for anything else, which the worker shows as a plain notification.
 */
export function readPushPayload(text: string): PushPayload | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const p = data as Record<string, unknown>;
  if (!isText(p.title) || !isText(p.body) || !isText(p.tag)) return null;
  if (p.kind === "test") return { kind: "test", title: p.title, body: p.body, tag: p.tag };
  if (p.kind === "reminder" && isText(p.deadline_at) && !Number.isNaN(Date.parse(p.deadline_at)))
    return { kind: "reminder", title: p.title, body: p.body, tag: p.tag, deadline_at: p.deadline_at };
  return null;
}
