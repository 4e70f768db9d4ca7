import { describe, expect, it } from "vitest";
import type { ConfirmationStageView } from "@trigger-switch/contracts";
import { NO_STAGE } from "@/testing/fake-owner-contacts";
import { stageSentence } from "./owner-words";

// A Tuesday in March, before the clocks change: London is on UTC. The test setup reads as en-GB (24-hour).
const NOW = new Date("2026-03-10T15:00:00.000Z");
const ZONE = "Europe/London";
const TODAY_14 = "2026-03-10T14:00:00.000Z";
const SATURDAY_14 = "2026-03-07T14:00:00.000Z";

const sentence = (stage: Partial<ConfirmationStageView>, max_holds_in_a_row = 3) =>
  stageSentence({ stage: { ...NO_STAGE, ...stage }, max_holds_in_a_row, enabled: true }, NOW, ZONE)?.text;

describe("how the last question to the trusted contacts ended, as the owner reads it", () => {
  it("says when the message was sent after the contacts were asked", () => {
    expect(sentence({ status: "released", asked: 2, answered: 1, closed_at: TODAY_14 })).toBe(
      "The message was sent Tue 14:00, after your contacts were asked.",
    );
    expect(sentence({ status: "released", asked: 2, closed_at: SATURDAY_14 })).toBe(
      "The message was sent Sat 7 Mar 14:00, after your contacts were asked.",
    );
  });

  it("says when the message was sent without asking anyone, and why that can happen", () => {
    expect(sentence({ status: "released", asked: 0, closed_at: TODAY_14 })).toBe(
      "The message was sent Tue 14:00 without asking anyone: none of the contacts chosen had accepted, or the holds in a row had run out.",
    );
  });

  it("says when the owner checked in while their contacts were asked", () => {
    expect(sentence({ status: "closed_by_check_in", asked: 2, closed_at: TODAY_14 })).toBe(
      "Your contacts were asked; you checked in Tue 14:00 and nothing was sent.",
    );
  });

  it("says who answered the owner was OK, and when, once the hold no longer decides anything", () => {
    const hold = { status: "held", asked: 1, answered: 1, held_by: "Sam next door", closed_at: TODAY_14 } as const;
    // Checked in since the hold.
    expect(sentence({ ...hold, until: "2026-03-17T14:00:00.000Z", holds_in_a_row: 0 })).toBe(
      "Sam next door answered Tue 14:00 that you were OK, and nothing was sent.",
    );
    // The hold's deadline has passed.
    expect(sentence({ ...hold, until: "2026-03-10T14:30:00.000Z", holds_in_a_row: 1 })).toBe(
      "Sam next door answered Tue 14:00 that you were OK, and nothing was sent.",
    );
    expect(sentence({ ...hold, held_by: null, until: null, holds_in_a_row: 1 })).toBe(
      "One of your contacts answered Tue 14:00 that you were OK, and nothing was sent.",
    );
  });

  it("still says who held it and until when while the hold stands, not when it was held", () => {
    expect(
      sentence({ status: "held", until: "2026-03-11T14:00:00.000Z", held_by: "Sam next door", holds_in_a_row: 1 }),
    ).toBe("Held by Sam next door until Wed 14:00. If you have not checked in by then, your contacts are asked again.");
  });

  it("says only how it ended for a stage recorded before the moment was kept", () => {
    expect(sentence({ status: "released", asked: 2, closed_at: null })).toBe(
      "Last time your contacts were asked, the message was sent.",
    );
    expect(sentence({ status: "released", asked: 0, closed_at: null })).toBe(
      "Last time its deadline came, the message was sent without asking anyone: none of the contacts chosen had accepted, or the holds in a row had run out.",
    );
    expect(sentence({ status: "closed_by_check_in", asked: 2, closed_at: null })).toBe(
      "Last time your contacts were asked, you checked in and nothing was sent.",
    );
    expect(
      sentence({ status: "held", until: null, held_by: "Sam next door", holds_in_a_row: 0, closed_at: null }),
    ).toBe("Last time, Sam next door answered that you were OK, and nothing was sent.");
  });

  it("says nothing before any question", () => {
    expect(sentence({})).toBeUndefined();
  });
});
