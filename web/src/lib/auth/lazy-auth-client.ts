import type { AuthChangeEvent, Session, Subscription } from "@supabase/auth-js";
import type { AuthClientLike } from "./auth-client";

type Call = (...args: unknown[]) => Promise<unknown>;
type Listener = (event: AuthChangeEvent, session: Session | null) => void | Promise<void>;

/**
 * An auth client whose auth-js (≈ 20 KiB gzip with its passkey and web3 sign-in code) is loaded
 * on first use instead of in every page's first download. Every method waits for it.
 *
 * `initialSession` says what auth-js would announce at start when that is known without it (no
 * session stored, or a stored one far from expiry; stored-session.ts): subscribers then hear
 * INITIAL_SESSION at once, and are handed to auth-js once something loads it (a sign-in, the
 * session's refresh). A visitor's page never loads auth-js, and a signed-in page's data does not
 * wait for it. Otherwise subscribers wait for auth-js, which announces the session itself.
 * Should the download fail, the next use tries again.
 */
export function lazyAuthClient(
  load: () => Promise<AuthClientLike>,
  { initialSession }: { initialSession?: () => Session | null | undefined } = {},
): AuthClientLike & { preload: () => void } {
  let client: AuthClientLike | null = null;
  let loading: Promise<AuthClientLike> | null = null;
  // Subscribers told the initial session without auth-js, waiting to be handed to it.
  const waiting = new Set<(client: AuthClientLike) => void>();
  const loaded = () =>
    (loading ??= load().then(
      (loadedClient) => {
        client = loadedClient;
        for (const attach of waiting) attach(loadedClient);
        waiting.clear();
        return loadedClient;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const forward = (target: () => Promise<object>) =>
    new Proxy(
      {},
      {
        get: (_object, name) =>
          // Never look like a promise (`then`) to code that awaits the client itself.
          typeof name !== "string" || name === "then"
            ? undefined
            : (...args: unknown[]) =>
                target().then((object) => ((object as Record<string, Call>)[name] as Call).apply(object, args)),
      },
    );
  const mfa = forward(async () => (await loaded()).mfa);
  const methods = forward(loaded) as Record<string, unknown>;

  function onAuthStateChange(callback: Listener) {
    let subscription: Subscription | null = null;
    let ended = false;
    const attach = (real: AuthClientLike) => {
      if (!ended) subscription = real.onAuthStateChange(callback).data.subscription;
    };
    const known = client ? undefined : initialSession?.();
    if (client) attach(client);
    else if (known === undefined)
      void loaded().then(attach, (error: unknown) => console.error("Could not load the sign-in code", error));
    else {
      waiting.add(attach);
      queueMicrotask(() => {
        if (!ended) void callback("INITIAL_SESSION", known);
      });
    }
    const lazySubscription: Subscription = {
      id: Symbol("lazy auth subscription"),
      callback,
      unsubscribe: () => {
        ended = true;
        waiting.delete(attach);
        subscription?.unsubscribe();
      },
    };
    return { data: { subscription: lazySubscription } };
  }

  return new Proxy(methods, {
    get: (target, name) => {
      if (name === "onAuthStateChange") return onAuthStateChange;
      if (name === "mfa") return mfa;
      if (name === "preload") return () => void loaded().catch(() => undefined);
      return target[name as string];
    },
  }) as unknown as AuthClientLike & { preload: () => void };
}
