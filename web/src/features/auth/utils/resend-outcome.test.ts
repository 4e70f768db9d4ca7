import { describe, expect, it } from "vitest";
import { resendOutcome } from "./resend-outcome";

describe("what became of a resend", () => {
  it("was sent when the server answered without an error", () => {
    expect(resendOutcome(null)).toEqual({ kind: "sent" });
  });

  it("waits the seconds the server names when a resend went less than a minute ago", () => {
    const error = { status: 429, message: "For security purposes, you can only request this after 42 seconds." };
    expect(resendOutcome(error)).toEqual({ kind: "wait", seconds: 42 });
  });

  it("says nothing was sent when the network's request limit answered", () => {
    const error = { status: 429, message: "email rate limit exceeded. Please wait a little and try again." };
    expect(resendOutcome(error)).toEqual({
      kind: "failed",
      message: "Nothing was sent: too many requests from this network. Try again later.",
    });
  });

  it("passes any other error on in the server's words", () => {
    expect(resendOutcome({ status: 400, message: "Resending needs the email address" })).toEqual({
      kind: "failed",
      message: "Resending needs the email address",
    });
  });
});
