import { onTestFinished, vi } from "vitest";

/**
 * Makes jsdom look like a browser that can use passkeys (it has no WebAuthn of its own); the
 * ceremonies themselves are auth-js's, faked in createFakeAuth. Undone when the test finishes:
 * registered here, per test, because a module-level afterEach would be registered only by the first
 * file that imports this module in a worker (files share their modules, vitest.config.ts), and a
 * later file's "cannot make passkeys" test would find PublicKeyCredential still there.
 */
export function pretendPasskeysWork(): void {
  vi.stubGlobal("PublicKeyCredential", class PublicKeyCredential {});
  Object.defineProperty(navigator, "credentials", {
    configurable: true,
    value: { create: vi.fn(), get: vi.fn() },
  });
  onTestFinished(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "credentials");
  });
}
