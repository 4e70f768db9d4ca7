import { describe, expect, it } from "vitest";
import type { ContactAccessMessage } from "@trigger-switch/contracts";
import { accessMessageLabel, contactRequestSentence, COOLDOWN_WORDS, durationWords, hoursAsDays } from "./access-words";

describe("the words of emergency access on request", () => {
  it("says a waiting period in hours under a day, in days and hours from a day", () => {
    expect(durationWords(1)).toBe("1 hour");
    expect(durationWords(5)).toBe("5 hours");
    expect(durationWords(24)).toBe("1 day");
    expect(durationWords(36)).toBe("1 day and 12 hours");
    expect(durationWords(49)).toBe("2 days and 1 hour");
    expect(durationWords(720)).toBe("30 days");
  });

  it("shows a field's hours in days only from a whole day", () => {
    expect(hoursAsDays(23)).toBeNull();
    expect(hoursAsDays(72)).toBe("3 days");
    expect(hoursAsDays(Number.NaN)).toBeNull();
    expect(hoursAsDays(24.5)).toBeNull();
  });

  it("numbers a message for its contact, never titling it", () => {
    expect(accessMessageLabel({ number: 2, waiting_hours: 72 })).toBe("Message 2 — waiting period 3 days");
    expect(accessMessageLabel({ number: 1, waiting_hours: 0 })).toBe(
      "Message 1 — no waiting period (sent to you as soon as you ask)",
    );
  });

  it("says the cooldown after a request ends from the contracts' constant", () => {
    expect(COOLDOWN_WORDS).toBe("24 hours");
  });

  it("tells a contact their access was taken back, after it was sent to them", () => {
    const granted: ContactAccessMessage = {
      number: 1,
      waiting_hours: 72,
      request: {
        state: "granted",
        requested_at: "2026-11-01T10:00:00.000Z",
        grants_at: "2026-11-04T10:00:00.000Z",
        decided_at: "2026-11-04T10:00:00.000Z",
        revoked_at: null,
      },
      can_request: false,
      can_request_from: null,
    };
    const when = (iso: string) => iso.slice(0, 10);
    expect(contactRequestSentence(granted, "Ada", when, "email")).toBe(
      "Sent to you on 2026-11-04 (check your e-mail).",
    );
    expect(contactRequestSentence(granted, "Ada", when, "sms")).toBe(
      "Sent to you on 2026-11-04 (check your text messages).",
    );
    const revoked = { ...granted, request: { ...granted.request!, revoked_at: "2026-11-05T09:00:00.000Z" } };
    expect(contactRequestSentence(revoked, "Ada", when, "email")).toBe(
      "Sent to you on 2026-11-04; Ada took your access back on 2026-11-05.",
    );
  });
});
