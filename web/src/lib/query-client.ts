import { MutationCache, QueryClient } from "@tanstack/react-query";
import { toastError } from "./error-toast";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** Set when the caller shows the error itself (e.g. next to form fields). Default: false. */
      silentError?: boolean;
    };
  }
}

export const ANSWER_FRESH_MS = 10_000;

/**
 * Spec §9: no refetch on window focus, 1 retry. Mutation errors become toasts here, once.
 * An answer younger than ANSWER_FRESH_MS is not asked again when another part of the screen starts
 * showing it (the header's list of messages right after the dashboard's): a write or a live update
 * marks it stale at once, so this only saves a duplicate request and its render.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: ANSWER_FRESH_MS },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) toastError(error);
      },
    }),
  });
}
