import type { Params } from "react-router";
import type { ApiClient } from "@/lib/api-client";

/** What a page's `prefetch` export is given: it asks for its data before the page renders (routes.tsx). */
export interface PagePrefetchContext {
  api: ApiClient;
  params: Params;
  search: URLSearchParams;
}

export type PagePrefetch = (context: PagePrefetchContext) => void;

/**
 * An ApiClient whose GETs only start a prefetch (their promise never settles). Handing it to a
 * page's own fetch functions asks for exactly the paths the page will ask for.
 */
export function prefetchingApi(api: ApiClient): ApiClient {
  return {
    ...api,
    get: (path: string) => {
      api.prefetch(path);
      return new Promise<never>(() => undefined);
    },
  };
}
