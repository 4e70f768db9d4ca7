import { apiErrorSchema } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { readErrorEnvelope } from "./api-client";

const payloads: unknown[] = [
  { error: { code: "not_found", message: "No such message" } },
  { error: { code: "validation_failed", message: "Please check", fields: { title: "Too long" } } },
  { error: { code: "validation_failed", message: "Please check", fields: {} } },
  { error: { code: "x", message: "y", extra: 1 }, other: true },
  { error: { code: "x", message: "y", fields: { a: 1 } } },
  { error: { code: "x", message: "y", fields: ["a"] } },
  { error: { code: "x", message: "y", fields: null } },
  { error: { code: 1, message: "y" } },
  { error: { code: "x" } },
  { error: "text" },
  { error: ["x", "y"] },
  { message: "no envelope" },
  "<html>Bad gateway</html>",
  null,
  undefined,
  42,
  [],
];

describe("reading the server's error envelope", () => {
  it("accepts exactly what the contracts' apiErrorSchema accepts, with the same fields", () => {
    for (const payload of payloads) {
      const parsed = apiErrorSchema.safeParse(payload);
      const read = readErrorEnvelope(payload);
      expect(read, JSON.stringify(payload)).toEqual(parsed.success ? { fields: {}, ...parsed.data.error } : null);
    }
  });
});
