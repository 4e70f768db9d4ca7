import { initials, normalizePhone, profileCompleteness, profileUpdateSchema } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

const full = { first_name: "Ada", last_name: "Lovelace", whatsapp_number: "+447700900123" };

describe("profileCompleteness", () => {
  it("calls a profile with all three fields complete", () => {
    expect(profileCompleteness(full)).toEqual({ isComplete: true, percentage: 100, missing: [] });
  });

  it("counts whitespace-only fields as missing and rounds the share", () => {
    expect(profileCompleteness({ ...full, last_name: "  ", whatsapp_number: null })).toEqual({
      isComplete: false,
      percentage: 33,
      missing: ["Last Name", "WhatsApp Number"],
    });
    expect(profileCompleteness({ ...full, whatsapp_number: "" }).percentage).toBe(67);
  });

  it("gives a missing profile 0 % and the setup item", () => {
    expect(profileCompleteness(null)).toEqual({
      isComplete: false,
      percentage: 0,
      missing: ["Complete profile setup required"],
    });
  });
});

describe("initials", () => {
  it("takes the first letters upper-cased", () => {
    expect(initials({ first_name: "ada", last_name: "lovelace" })).toBe("AL");
  });
  it("falls back to U", () => {
    expect(initials({ first_name: " ", last_name: null })).toBe("U");
    expect(initials(null)).toBe("U");
  });
});

describe("WhatsApp number", () => {
  it("accepts international numbers written with spaces and dashes", () => {
    expect(normalizePhone("+1 (415) 555-0100")).toBe("+14155550100");
    expect(profileUpdateSchema.parse({ whatsapp_number: "+49 30 1234567" })).toEqual({
      whatsapp_number: "+49301234567",
    });
  });
  it("rejects numbers without a country code", () => {
    expect(profileUpdateSchema.safeParse({ whatsapp_number: "0301234567" }).success).toBe(false);
  });
});
