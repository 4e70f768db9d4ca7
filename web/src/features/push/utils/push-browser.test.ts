import { describe, expect, it, vi } from "vitest";
import { browserPushBlocker, keyBytes } from "./push-browser";

describe("what stops push in a browser", () => {
  it("sends Safari on an iPhone to the Home Screen, and says any other browser without push cannot", () => {
    // jsdom has no PushManager, as Safari in an iPhone's tab has none.
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    );
    expect(browserPushBlocker()).toBe("ios-home-screen");
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (X11; Linux x86_64) OldBrowser/1.0");
    expect(browserPushBlocker()).toBe("unsupported");
  });
});

describe("the server's VAPID key as subscribe takes it", () => {
  it("is the 65 bytes of a P-256 public key, from base64url without padding", () => {
    const bytes = keyBytes(`BP${"_-".repeat(42)}w`);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(0x04);
  });
});
