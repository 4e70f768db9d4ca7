import type { AuthChangeEvent, Session, Subscription } from "@supabase/auth-js";
import type { AuthClientLike } from "./auth-client";

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * An auth client whose auth-js (≈ 30 KiB gzip with its passkey and web3 sign-in code) is loaded
 * on first use instead of in every page's first download: the app starts it at once, after the
 * page has painted (create-services.ts). Every method waits for it; `onAuthStateChange`
 * subscribes as soon as it is there, and auth-js then announces the session (INITIAL_SESSION)
 * as it always does. Should the download fail, the next use tries again.
 */
export function lazyAuthClient(load: () => Promise<AuthClientLike>): AuthClientLike & { preload: () => void } {
  let loading: Promise<AuthClientLike> | null = null;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
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

  function onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void | Promise<void>) {
    let subscription: Subscription | null = null;
    let ended = false;
    void loaded().then(
      (client) => {
        if (!ended) subscription = client.onAuthStateChange(callback).data.subscription;
      },
      (error: unknown) => console.error("Could not load the sign-in code", error),
    );
    const lazySubscription: Subscription = {
      id: Symbol("lazy auth subscription"),
      callback,
      unsubscribe: () => {
        ended = true;
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
