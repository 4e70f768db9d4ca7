import { describe, expect, it, vi } from "vitest";
import type { AuthClientLike } from "./auth-client";
import { lazyAuthClient } from "./lazy-auth-client";

function fakeClient() {
  const listeners: ((event: string, session: null) => void)[] = [];
  const unsubscribe = vi.fn();
  const client = {
    getSession: vi.fn(async () => ({ data: { session: null }, error: null })),
    signOut: vi.fn(async function (this: unknown) {
      return { error: this === client ? null : new Error("called without its client") };
    }),
    onAuthStateChange: vi.fn((listener: (event: string, session: null) => void) => {
      listeners.push(listener);
      return { data: { subscription: { id: "real", callback: listener, unsubscribe } } };
    }),
    mfa: { listFactors: vi.fn(async () => ({ data: { all: [] }, error: null })) },
  };
  return { client, listeners, unsubscribe };
}

describe("the auth client loaded on first use", () => {
  it("loads auth-js once, on the first call, and forwards every call to it (methods keep their client)", async () => {
    const { client } = fakeClient();
    const load = vi.fn(async () => client as unknown as AuthClientLike);
    const auth = lazyAuthClient(load);
    expect(load).not.toHaveBeenCalled();
    expect(await auth.getSession()).toEqual({ data: { session: null }, error: null });
    expect(await auth.signOut()).toEqual({ error: null });
    expect(await auth.mfa.listFactors()).toEqual({ data: { all: [] }, error: null });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("subscribes to auth changes once loaded, and not at all when unsubscribed before", async () => {
    const { client, listeners, unsubscribe } = fakeClient();
    const auth = lazyAuthClient(async () => client as unknown as AuthClientLike);
    const seen: string[] = [];
    const first = auth.onAuthStateChange((event) => void seen.push(event));
    const second = auth.onAuthStateChange(() => undefined);
    second.data.subscription.unsubscribe();
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    listeners[0]!("INITIAL_SESSION", null);
    expect(seen).toEqual(["INITIAL_SESSION"]);
    first.data.subscription.unsubscribe();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("tries the download again after it failed", async () => {
    const { client } = fakeClient();
    const load = vi
      .fn<() => Promise<AuthClientLike>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(client as unknown as AuthClientLike);
    const auth = lazyAuthClient(load);
    await expect(auth.getSession()).rejects.toThrow("offline");
    expect(await auth.getSession()).toEqual({ data: { session: null }, error: null });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("tells subscribers a known initial session at once, without loading auth-js, and hands them over on first use", async () => {
    const { client, listeners } = fakeClient();
    const load = vi.fn(async () => client as unknown as AuthClientLike);
    const auth = lazyAuthClient(load, { initialSession: () => null });
    const seen: [string, unknown][] = [];
    auth.onAuthStateChange((event, session) => void seen.push([event, session]));
    await vi.waitFor(() => expect(seen).toEqual([["INITIAL_SESSION", null]]));
    expect(load).not.toHaveBeenCalled();
    // A sign-in loads auth-js: the subscriber is attached before the call runs, so it hears what follows.
    await auth.getSession();
    expect(load).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(1);
    listeners[0]!("SIGNED_IN", null);
    expect(seen.at(-1)).toEqual(["SIGNED_IN", null]);
  });

  it("waits for auth-js when only it can tell the session (a link's tokens, one about to expire)", async () => {
    const { client, listeners } = fakeClient();
    const load = vi.fn(async () => client as unknown as AuthClientLike);
    const auth = lazyAuthClient(load, { initialSession: () => undefined });
    const seen: string[] = [];
    auth.onAuthStateChange((event) => void seen.push(event));
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    expect(seen).toEqual([]);
    listeners[0]!("INITIAL_SESSION", null);
    expect(seen).toEqual(["INITIAL_SESSION"]);
  });

  it("never tells or attaches a subscriber that left before", async () => {
    const { client, listeners } = fakeClient();
    const auth = lazyAuthClient(async () => client as unknown as AuthClientLike, { initialSession: () => null });
    const seen: string[] = [];
    auth.onAuthStateChange((event) => void seen.push(event)).data.subscription.unsubscribe();
    await auth.getSession();
    expect(seen).toEqual([]);
    expect(listeners).toHaveLength(0);
  });
});
