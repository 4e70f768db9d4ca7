import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, type LockHolder } from "../../src/runtime/data-dir-lock.ts";
import { processStartTime } from "../../src/runtime/process-identity.ts";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "ts-lock-"));
  dirs.push(d);
  return d;
};
/** Another live process (the lock's holder in these tests). */
const otherProcess = () => {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
};
const writeLock = (dir: string, holder: Partial<LockHolder>) =>
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      port: 4000,
      host: os.hostname(),
      startTime: null,
      startedAt: "2026-01-01T00:00:00.000Z",
      token: "theirs",
      ...holder,
    }),
  );
const readLock = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")) as LockHolder;

describe("the DATA_DIR lock (one process per embedded database)", () => {
  it("is created with this process's PID, port and start time, private, and removed on release", () => {
    const dir = tmpDir();
    const lock = acquireDataDirLock({ dataDir: dir, port: 4250 });
    const held = readLock(dir);
    expect(held).toMatchObject({ pid: process.pid, port: 4250, startTime: processStartTime(process.pid) });
    expect(fs.statSync(path.join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    lock.setPort(4251);
    expect(readLock(dir).port).toBe(4251);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses while a live process holds it, naming its PID and port, and leaves its lock alone", () => {
    const dir = tmpDir();
    const pid = otherProcess();
    writeLock(dir, { pid, port: 4250, startTime: processStartTime(pid) });
    const before = fs.readFileSync(path.join(dir, LOCK_FILE), "utf8");
    let error: unknown;
    try {
      acquireDataDirLock({ dataDir: dir, port: 4251 });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`process ${pid} (port 4250)`);
    expect((error as Error).message).toContain("one process only");
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(before);
  });

  it("takes over the lock of a process that is gone", async () => {
    const dir = tmpDir();
    const child = spawn("true");
    const pid = child.pid!;
    await new Promise((r) => child.once("exit", r));
    writeLock(dir, { pid, port: 4250 });
    const lock = acquireDataDirLock({ dataDir: dir, port: 4251 });
    expect(lock.tookOverFrom).toMatchObject({ pid, port: 4250 });
    expect(readLock(dir)).toMatchObject({ pid: process.pid, port: 4251 });
    lock.release();
  });

  it("takes over a lock whose PID now belongs to another program (a different start time)", () => {
    const dir = tmpDir();
    const pid = otherProcess();
    writeLock(dir, { pid, startTime: "1" }); // the PID is alive, but it is not the process that locked
    const lock = acquireDataDirLock({ dataDir: dir, port: 4251 });
    expect(lock.tookOverFrom?.pid).toBe(pid);
    lock.release();
  });

  it("takes over an unreadable (half-written) lock and its own PID from an earlier life (container restart)", () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), "");
    acquireDataDirLock({ dataDir: dir, port: 1 });
    writeLock(dir, { pid: process.pid, token: "an earlier life" });
    const lock = acquireDataDirLock({ dataDir: dir, port: 2 });
    expect(lock.tookOverFrom?.pid).toBe(process.pid);
    lock.release();
  });

  it("release leaves a lock that another process has taken meanwhile", () => {
    const dir = tmpDir();
    const lock = acquireDataDirLock({ dataDir: dir, port: 1 });
    writeLock(dir, { pid: otherProcess() });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
  });

  it("lets exactly one of several processes racing for a stale lock win", async () => {
    const dir = tmpDir();
    writeLock(dir, { pid: 2 ** 22 + 7, port: 4000 }); // above Linux's pid_max default: never alive
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(path.resolve(import.meta.dirname, "../../src/runtime/data-dir-lock.ts"))};
      try { acquireDataDirLock({ dataDir: ${JSON.stringify(dir)}, port: process.pid }); console.log("won"); setTimeout(() => {}, 3000); }
      catch (err) { console.log("refused: " + err.message); }`;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
          stdio: ["ignore", "pipe", "inherit"],
        });
        children.push(child);
        return new Promise<string>((resolve) => {
          let out = "";
          child.stdout!.on("data", (c: Buffer) => {
            out += c.toString();
            if (out.includes("\n")) resolve(out.trim());
          });
          child.once("exit", () => resolve(out.trim()));
        });
      }),
    );
    expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
    expect(outcomes.filter((o) => o.startsWith("refused: "))).toHaveLength(3);
    expect(readLock(dir).pid).not.toBe(2 ** 22 + 7);
  }, 60_000);
});
