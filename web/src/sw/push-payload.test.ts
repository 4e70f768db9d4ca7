import { pushPayloadSchema } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { readPushPayload } from "./push-payload";

const reminder = {
  kind: "reminder",
  title: "Check in by Tue 14:00",
  body: "Your switch fires Tue 14:00",
  deadline_at: "2026-03-10T14:00:00Z",
  tag: "reminder:c1",
};

describe("reading a push in the service worker", () => {
  it("reads a reminder and a test push as contracts' schema does", () => {
    const test = { kind: "test", title: "Test", body: "It works", tag: "test:d1" };
    for (const payload of [reminder, test]) {
      expect(readPushPayload(JSON.stringify(payload))).toEqual(pushPayloadSchema.parse(payload));
    }
  });

  it("refuses what the schema refuses", () => {
    const broken = [
      "not json",
      "null",
      JSON.stringify({ ...reminder, kind: "other" }),
      JSON.stringify({ ...reminder, deadline_at: undefined }),
      JSON.stringify({ ...reminder, deadline_at: "soon" }),
      JSON.stringify({ ...reminder, title: 3 }),
      JSON.stringify({ kind: "test", title: "Test", body: "x" }),
    ];
    for (const text of broken) expect(readPushPayload(text), text).toBeNull();
  });
});
