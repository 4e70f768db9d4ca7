import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the compiled server that npm start runs", () => {
  it("is built when out of date and runs under plain node (no tsx), with the migrations beside it", () => {
    const build = spawnSync(process.execPath, ["scripts/build-server.mjs"], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(build.status, build.stderr).toBe(0);
    const bundle = path.join(root, "server/dist/bundle/main.js");
    // Current now: a second build does nothing (no message).
    expect(spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, encoding: "utf8" }).stdout).toBe("");
    expect(fs.readdirSync(path.join(path.dirname(bundle), "migrations")).sort()).toEqual(
      fs.readdirSync(path.join(root, "server/src/db/migrations")).sort(),
    );

    // Loading the bundle loads every module; the ROLE rule then stops it before it opens anything.
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ts-compiled-")), "data");
    const run = spawnSync(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, ROLE: "web", DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(78);
    expect(run.stderr).toContain("ROLE=web needs DATABASE_URL");
    expect(run.stderr).not.toContain("tsx");
  }, 180_000);
});
