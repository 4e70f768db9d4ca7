import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, DiskFullError, type Database } from "../../src/db/connect.ts";
import { createStorageHealth, isOutOfSpace } from "../../src/runtime/storage-health.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

/**
 * A full disk, for real: a small tmpfs mounted for the test (needs root, as in CI and on the dev
 * machine). Where mounting is not allowed the disk tests are skipped and say so; the
 * classification below still runs on real ENOSPC errors from /dev/full.
 */
const mountRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ts-disk-"));
function mountTmpfs(name: string, size: string): string | null {
  const dir = path.join(mountRoot, name);
  fs.mkdirSync(dir, { recursive: true });
  return spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", dir]).status === 0 ? dir : null;
}
const unmount = (dir: string | null) => dir && spawnSync("umount", ["-l", dir]);
const canMount = (() => {
  const probe = mountTmpfs("probe", "1m");
  unmount(probe);
  return probe !== null;
})();
if (!canMount) console.warn("storage-health: cannot mount a tmpfs here (not root?); the full-disk tests are skipped");

/** Fills the file system holding `dir` until a write fails with ENOSPC; returns the filler to free it. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, "filler");
  const fd = fs.openSync(filler, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  }
  // The last few bytes too, so nothing of any size fits.
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(512, 1));
  } catch {
    /* full */
  }
  fs.closeSync(fd);
  return filler;
}

describe("what counts as out of space", () => {
  it("recognises real ENOSPC, PGlite's errno 51 and PostgreSQL's disk_full, also as a cause", () => {
    let enospc: unknown;
    try {
      fs.writeFileSync("/dev/full", "x");
    } catch (err) {
      enospc = err;
    }
    expect(isOutOfSpace(enospc)).toBe(true);
    expect(isOutOfSpace(new Error("Failed query: insert …", { cause: enospc }))).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error("could not extend file"), { code: "53100" }))).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error(""), { name: "ErrnoError", errno: 51 }))).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isOutOfSpace(Object.assign(new Error(""), { name: "ErrnoError", errno: 44 }))).toBe(false);
  });

  it("remembers a disk-full failure until a probe write succeeds", async () => {
    let full = true;
    const health = createStorageHealth({
      describe: "the test disk",
      probe: async () => (full ? fs.writeFileSync("/dev/full", "x") : undefined),
    });
    health.noteError(new Error("unrelated"));
    expect(await health.check()).toBeNull();
    health.noteError(Object.assign(new Error("No space left on device"), { code: "ENOSPC" }));
    expect((await health.check())?.cause).toContain("the test disk is full");
    full = false;
    await new Promise((r) => setTimeout(r, 2_100)); // probes are at most every 2 s
    expect(await health.check()).toBeNull();
  });
});

describe.skipIf(!canMount)("a start on a disk too small for the database", () => {
  let disk: string | null = null;
  afterAll(() => unmount(disk));

  it("says so in words, and leaves no half-created database behind", async () => {
    disk = mountTmpfs("small", "8m");
    const dataDir = path.join(disk!, "data");
    const error = await connect({ dataDir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DiskFullError);
    expect((error as Error).message).toMatch(
      /the disk holding DATA_DIR \(.*\) is full \(\d+\.\d MiB free\)\. The embedded database needs about \d+ MiB/,
    );
    expect((error as Error).message).not.toContain("errno");
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 120_000);
});

describe.skipIf(!canMount)("writes failing for lack of space", () => {
  let disk: string | null = null;
  let database: Database;
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    disk = mountTmpfs("full", "64m");
    database = await connect({ dataDir: path.join(disk!, "data") });
    t = await startAutoconfirmApp({}, { database });
    owner = await signUpUser(t);
  }, 120_000);
  // Closing flushes a database that has just been full, which on a busy machine can outlast the default hook timeout.
  afterAll(async () => {
    await t?.close();
    await database?.close();
    unmount(disk);
    fs.rmSync(mountRoot, { recursive: true, force: true });
  }, 180_000);

  const ready = () => fetch(`${t.url}/readyz`);
  const diagnostic = async () =>
    (await fetch(`${t.url}/api/diagnostic`)).json() as Promise<{
      status: string;
      storage?: { ok: boolean; problem: string | null };
    }>;
  const saveMessage = () =>
    owner.api("/api/messages", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "For Sam", text_content: crypto.randomBytes(6000).toString("base64") }),
    });

  it("turns /readyz to 503 and the diagnostic to degraded with the cause, and recover once writes succeed", async () => {
    expect((await ready()).status).toBe(200);
    expect((await diagnostic()).storage).toEqual({ ok: true, problem: null, since: null });

    const filler = fillDisk(disk!);
    let failed: Response | null = null;
    for (let i = 0; i < 50 && !failed; i++) {
      const res = await saveMessage();
      if (!res.ok) failed = res;
    }
    expect(failed?.status).toBe(503);
    expect(((await failed!.json()) as { error: { message: string } }).error.message).toBe(
      "This could not be saved: the server's disk is full. Nothing was changed. Please try again later.",
    );

    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { cause: string }).cause).toContain("is full (no space left on the device)");
    const degraded = await diagnostic();
    expect(degraded.status).toBe("degraded");
    expect(degraded.storage?.ok).toBe(false);
    expect(degraded.storage?.problem).toContain(`the disk holding DATA_DIR (${path.join(disk!, "data")}) is full`);

    fs.rmSync(filler);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await ready()).status).toBe(200);
    expect((await diagnostic()).storage?.ok).toBe(true);
    expect((await saveMessage()).status).toBe(201);
  }, 120_000);
});
