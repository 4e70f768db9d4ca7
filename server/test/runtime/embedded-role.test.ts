import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config.ts";
import { checkEmbeddedRole } from "../../src/runtime/embedded-role.ts";

describe("ROLE on the embedded database", () => {
  it("accepts ROLE=all, and any ROLE with DATABASE_URL", () => {
    expect(() => checkEmbeddedRole({ ROLE: "all", DATABASE_URL: undefined })).not.toThrow();
    expect(() => checkEmbeddedRole({ ROLE: "worker", DATABASE_URL: "postgres://db/x" })).not.toThrow();
    expect(() => checkEmbeddedRole({ ROLE: "web", DATABASE_URL: "postgres://db/x" })).not.toThrow();
  });

  it("refuses web and worker without DATABASE_URL, saying what to do", () => {
    for (const ROLE of ["web", "worker"] as const) {
      expect(() => checkEmbeddedRole({ ROLE, DATABASE_URL: undefined })).toThrow(ConfigError);
      expect(() => checkEmbeddedRole({ ROLE, DATABASE_URL: undefined })).toThrow(`ROLE=${ROLE} needs DATABASE_URL`);
    }
  });

  it("stops the server before it opens anything: exit code 78 and the sentence", () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ts-role-")), "data");
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", path.resolve(import.meta.dirname, "../../src/main.ts")],
      {
        env: { PATH: process.env.PATH, ROLE: "worker", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(78);
    expect(result.stderr).toContain("ROLE=worker needs DATABASE_URL");
    expect(fs.existsSync(dataDir)).toBe(false);
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});
