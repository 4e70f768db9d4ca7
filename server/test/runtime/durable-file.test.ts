import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileDurably } from "../../src/runtime/durable-file.ts";

const strace = ["/usr/bin/strace", "/bin/strace"].find((p) => fs.existsSync(p));
const keyScript = path.join(import.meta.dirname, "support/create-keys.ts");

/**
 * Checks the order a power cut needs: the temporary file's bytes synced before its name is
 * linked or renamed onto `file`, and the folder synced after.
 */
function expectSyncedBeforeUse(trace: string[], file: string) {
  const placed = trace.findIndex(
    (l) => /\b(link|linkat|rename|renameat2?)\(/.test(l) && l.includes(`"${file}"`) && l.endsWith("= 0"),
  );
  expect(placed, `${file} was never linked or renamed into place`).toBeGreaterThan(-1);
  const tmp = /"([^"]+\.tmp)"/.exec(trace[placed]!)?.[1];
  expect(tmp, trace[placed]).toBeDefined();
  const opened = trace.findIndex((l) => l.includes(`openat(`) && l.includes(`"${tmp}"`) && /= \d+$/.test(l));
  const fd = /= (\d+)$/.exec(trace[opened]!)![1];
  const synced = trace.slice(opened, placed).some((l) => l.includes(`fsync(${fd})`) && l.endsWith("= 0"));
  expect(synced, `${tmp} was not synced before it became ${file}`).toBe(true);
  const dir = path.dirname(file);
  const dirOpened = trace.findIndex(
    (l, i) => i > placed && l.includes(`openat(`) && l.includes(`"${dir}"`) && /= \d+$/.test(l),
  );
  expect(dirOpened, `${dir} was not opened to be synced after ${file}`).toBeGreaterThan(-1);
  const dirFd = /= (\d+)$/.exec(trace[dirOpened]!)![1];
  expect(trace.slice(dirOpened).some((l) => l.includes(`fsync(${dirFd})`) && l.endsWith("= 0"))).toBe(true);
}

describe("durable files", () => {
  it.skipIf(!strace)(
    "syncs each key a first start creates, its name and its folder, before the key is used",
    () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ts-durable-")), "data");
      const out = path.join(path.dirname(dataDir), "trace.txt");
      const run = spawnSync(
        strace!,
        [
          "-f",
          "-e",
          "trace=openat,fsync,link,linkat,rename,renameat,renameat2",
          "-o",
          out,
          process.execPath,
          "--import",
          "tsx",
          keyScript,
          dataDir,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      const trace = fs.readFileSync(out, "utf8").split("\n");
      const keys = path.join(dataDir, "keys");
      for (const name of ["master-k1.key", "signing-keys.json", "mailbox.key"])
        expectSyncedBeforeUse(trace, path.join(keys, name));
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
    60_000,
  );

  it("writes the whole file readable by its owner only, and an exclusive write keeps the first", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-durable-"));
    const file = path.join(dir, "keys", "a.key");
    expect(writeFileDurably(file, "first", { exclusive: true })).toBe(true);
    expect(writeFileDurably(file, "second", { exclusive: true })).toBe(false);
    expect(fs.readFileSync(file, "utf8")).toBe("first");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    writeFileDurably(file, "replaced", { exclusive: false });
    expect(fs.readFileSync(file, "utf8")).toBe("replaced");
    expect(fs.readdirSync(path.dirname(file))).toEqual(["a.key"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
