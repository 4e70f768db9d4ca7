import { describe, expect, it } from "vitest";
import { isRecipientPage } from "./service-worker";

describe("where the service worker is never registered", () => {
  it("is a recipient's access page, and only that", () => {
    expect(isRecipientPage("/access/message/3f2c")).toBe(true);
    expect(isRecipientPage("/Access/message/3f2c")).toBe(true);
    for (const path of ["/dashboard", "/", "/check-in", "/accessibility", "/profile"])
      expect(isRecipientPage(path), path).toBe(false);
  });
});
