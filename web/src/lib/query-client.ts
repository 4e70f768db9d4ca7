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

/** Spec §9: no refetch on window focus, 1 retry. Mutation errors become toasts here, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) toastError(error);
      },
    }),
  });
}
