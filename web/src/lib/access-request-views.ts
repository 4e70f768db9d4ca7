import type { QueryClient } from "@tanstack/react-query";

/**
 * Query keys that show the owner's requests for access (docs/decisions/041), by their first
 * segment: the requests themselves (the list, the dashboard's banner, a message's permissions),
 * and the releases, where a grant on request and its end show. Named here rather than imported
 * because shared code may not import features; the features' keys all start with these.
 */
const ACCESS_REQUEST_VIEWS = ["access-requests", "messages", "message-releases"] as const;

/** Refetches every view of requests for access in this tab: after the owner's answer, or a live CHANGED frame. */
export async function invalidateAccessRequestViews(queryClient: QueryClient): Promise<void> {
  await Promise.all(ACCESS_REQUEST_VIEWS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
