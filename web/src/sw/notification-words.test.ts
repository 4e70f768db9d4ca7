import { formatInstant } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { checkedInWords, checkInFailedWords, failureOfStatus } from "./notification-words";

const now = new Date("2026-03-10T09:00:00Z");

describe("the notification that replaces a reminder after I'm OK", () => {
  it("says it checked in and when the next deadline is, as the app writes it", () => {
    const answer = { checked_in_at: now.toISOString(), next_deadline: "2026-03-11T14:00:00Z" };
    const words = checkedInWords(answer, now, { timeZone: "Europe/London", locale: "en-GB" });
    expect(words.title).toBe("Checked in — next deadline Wed 14:00");
    const display = { timeZone: "America/New_York", locale: "en-US" };
    expect(checkedInWords(answer, now, display).title).toBe(
      `Checked in — next deadline ${formatInstant(new Date(answer.next_deadline), now, display)}`,
    );
  });

  it("says only that it checked in when no deadline is running", () => {
    const words = checkedInWords({ checked_in_at: now.toISOString(), next_deadline: null }, now, {
      timeZone: "UTC",
      locale: "en-GB",
    });
    expect(words.title).toBe("Checked in");
  });

  it("on a failure, says so and sends the person to the app, with why", () => {
    expect(checkInFailedWords(failureOfStatus(401))).toEqual({
      title: "Could not check in — tap to open",
      body: "This device may no longer check in (its notifications were turned off in Security).",
    });
    expect(checkInFailedWords(failureOfStatus(429)).body).toBe("Too many check-ins from this device just now.");
    expect(checkInFailedWords(failureOfStatus(500)).title).toBe("Could not check in — tap to open");
  });
});
