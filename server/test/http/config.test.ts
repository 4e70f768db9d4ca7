import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      SITE_URL: "http://localhost:3000",
      AUTH_AUTOCONFIRM: false,
      usesOutbox: true,
      ADMIN_EMAILS: [],
    });
    expect(c.DATA_DIR).toMatch(/data$/);
  });

  it("refuses a bad value and names the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ AUTH_AUTOCONFIRM: "maybe" })).toThrow(/AUTH_AUTOCONFIRM/);
    expect(() => loadConfig({ ADMIN_EMAILS: "root" })).toThrow(/ADMIN_EMAILS/);
  });

  it("treats empty variables as unset", () => {
    const c = loadConfig({ SMTP_URL: "", DATABASE_URL: "" });
    expect(c.usesOutbox).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("lower-cases admin addresses and strips a trailing slash from SITE_URL", () => {
    expect(
      loadConfig({ ADMIN_EMAILS: "Boss@Example.com, ops@example.com", SITE_URL: "https://x.example/" }),
    ).toMatchObject({
      ADMIN_EMAILS: ["boss@example.com", "ops@example.com"],
      SITE_URL: "https://x.example",
    });
  });

  it("never lets a test clock run in production", () => {
    expect(loadConfig({ TEST_CLOCK: "true", CLOCK_OFFSET_MS: "7200000" })).toMatchObject({
      TEST_CLOCK: true,
      CLOCK_OFFSET_MS: 7_200_000,
    });
    expect(() => loadConfig({ TEST_CLOCK: "true", NODE_ENV: "production" })).toThrow(
      /TEST_CLOCK: a test clock cannot run in production/,
    );
    expect(() => loadConfig({ CLOCK_OFFSET_MS: "1000" })).toThrow(/CLOCK_OFFSET_MS: needs TEST_CLOCK=true/);
  });
});
