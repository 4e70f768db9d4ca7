import { afterEach, vi } from "vitest";

/**
 * Makes jsdom look like a browser that can use passkeys (it has no WebAuthn of its own); the
 * ceremonies themselves are auth-js's, faked in createFakeAuth. Undone after each test.
 */
export function pretendPasskeysWork(): void {
  vi.stubGlobal("PublicKeyCredential", class PublicKeyCredential {});
  Object.defineProperty(navigator, "credentials", {
    configurable: true,
    value: { create: vi.fn(), get: vi.fn() },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "credentials");
});
