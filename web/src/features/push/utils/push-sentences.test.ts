import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { PushStepError } from "./push-browser";
import { turnOnFailureSentence } from "./push-sentences";

describe("what the owner reads when notifications could not be turned on", () => {
  it("says the permission was not given, and where to allow it once it is blocked", () => {
    expect(turnOnFailureSentence(new PushStepError("permission", "default"))).toBe(
      "You did not allow notifications, so they are still off.",
    );
    expect(turnOnFailureSentence(new PushStepError("permission", "denied"))).toMatch(/blocked for this site/);
  });

  it("says the browser could not reach its push service", () => {
    const error = new PushStepError(
      "subscribe",
      new DOMException("Registration failed - push service error", "AbortError"),
    );
    expect(turnOnFailureSentence(error)).toMatch(/could not reach its push service/);
  });

  it("gives the server's own sentence for a refusal", () => {
    const refusal = new ApiError(400, "validation_failed", "The endpoint must be an https address", {});
    expect(turnOnFailureSentence(refusal)).toBe("The endpoint must be an https address");
  });
});
