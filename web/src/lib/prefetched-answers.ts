/** How long a prefetched answer waits for the request that takes it. */
export const PREFETCH_KEEP_MS = 10_000;

interface Prefetched {
  token: string | null;
  response: Response;
}

/** The headers of an /api request: what it accepts, and the session's bearer token when there is one. */
export function apiHeaders(token: string | null, accept: string): Headers {
  const headers = new Headers({ Accept: accept });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

export type PrefetchedAnswers = ReturnType<typeof createPrefetchedAnswers>;

/**
 * GET answers asked for ahead of the request that takes each (api-client.ts): a page's data can be on
 * its way while the page's code is still loading. Each is taken once, only with the session it was
 * asked with, within PREFETCH_KEEP_MS; a failed one is simply asked again.
 */
export function createPrefetchedAnswers() {
  const answers = new Map<string, Promise<Prefetched | null>>();
  return {
    /** Sends the GET now, unless one of that path is waiting already. */
    ask(path: string, token: string | null, send: (path: string, init: RequestInit) => Promise<Response>): void {
      if (answers.has(path)) return;
      const answer = send(path, { method: "GET", headers: apiHeaders(token, "application/json") }).then(
        (response) => ({ token, response }),
        () => null,
      );
      answers.set(path, answer);
      setTimeout(() => {
        if (answers.get(path) === answer) answers.delete(path);
      }, PREFETCH_KEEP_MS);
    },
    /** The answer for this GET, once, if it was asked for with the same token. */
    async take(path: string, token: string | null): Promise<Response | null> {
      const answer = answers.get(path);
      if (!answer) return null;
      answers.delete(path);
      const taken = await answer;
      return taken && taken.token === token ? taken.response : null;
    },
    /** A write may change what an answer says: none may be taken after it. */
    clear(): void {
      answers.clear();
    },
  };
}

/**
 * The answers the entry asks for before any of the app's code has loaded (app/first-requests.ts),
 * taken by the app's api client (lib/create-services.ts).
 */
export const firstAnswers = createPrefetchedAnswers();
