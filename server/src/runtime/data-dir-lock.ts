import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processStartTime, recordedProcessAlive } from "./process-identity.ts";

/** The lock's name inside DATA_DIR (docs/decisions/013). */
export const LOCK_FILE = "trigger-switch.lock";
/** A takeover holds its mutex for milliseconds; one older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 10_000;

export interface LockHolder {
  pid: number;
  /** The HTTP port it listens on; null until it listens. */
  port: number | null;
  host: string;
  /** The kernel's start time of the process (see processStartTime), to tell a reused PID apart. */
  startTime: string | null;
  startedAt: string;
  /** Ours alone: release() removes the lock only if it still carries it. */
  token: string;
}

/** A second process on one embedded database: refused, naming the one that holds it. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
    reason: string,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use: ${reason}. An embedded database may be opened by one process only ` +
        `(two would each see only their own writes and corrupt it). Stop that process, or give this one another DATA_DIR; ` +
        `to run several processes, use PostgreSQL (DATABASE_URL).`,
    );
  }
}

export interface DataDirLock {
  readonly holder: LockHolder;
  /** The lock replaced one left by a process that is no longer running. */
  readonly tookOverFrom: LockHolder | null;
  /** Records the port once listening (PORT=0 picks one). */
  setPort(port: number): void;
  /** Removes the lock if it is still ours. Synchronous, so it can run in an `exit` handler. */
  release(): void;
}

function describe(h: LockHolder): string {
  return `Trigger Switch process ${h.pid}${h.port !== null ? ` (port ${h.port})` : ""} on ${h.host}, started ${h.startedAt}`;
}

function readHolder(file: string): { raw: string; holder: LockHolder | null } | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.host !== "string") return { raw, holder: null };
    return {
      raw,
      holder: { port: null, startTime: null, startedAt: "an unknown time", token: "", ...parsed } as LockHolder,
    };
  } catch {
    return { raw, holder: null };
  }
}

/** Writes `content` to `file` atomically: the file appears complete or not at all; EEXIST if it is there. */
function createExclusive(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, content, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Takes DATA_DIR for this process, or throws DataDirLockedError naming the process that has it.
 * The lock file is created with link(2), which fails if it exists, so two starts cannot both win.
 * A lock whose process is gone (kill -9, power loss; a PID now used by another program is told
 * apart by its start time) is taken over under a mutex directory, re-reading it first, so two
 * starts that both found it stale cannot both take it.
 */
export function acquireDataDirLock({ dataDir, port }: { dataDir: string; port: number | null }): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    port,
    host: os.hostname(),
    startTime: processStartTime(process.pid),
    startedAt: new Date().toISOString(),
    token: crypto.randomUUID(),
  };
  let tookOverFrom: LockHolder | null = null;

  for (let attempt = 0; ; attempt++) {
    try {
      createExclusive(file, JSON.stringify(me));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const found = readHolder(file);
    if (!found) continue; // released between our attempt and the read: try again
    const { holder } = found;
    if (holder && holder.host !== me.host)
      throw new DataDirLockedError(
        dataDir,
        holder,
        `${describe(holder)} holds it, and from this machine (${me.host}) we cannot tell whether it still runs — if it does not, delete ${file}`,
      );
    const alive = holder !== null && holder.pid !== process.pid && recordedProcessAlive(holder.pid, holder.startTime);
    if (alive) throw new DataDirLockedError(dataDir, holder, `${describe(holder)} is using it`);
    if (attempt >= 3)
      throw new DataDirLockedError(dataDir, holder, `other processes keep taking it over (${file}); try again`);
    try {
      if (!takeOver(file, found.raw, me)) continue; // it changed meanwhile: judge the new holder
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") continue; // a fresh start won the race
      throw err;
    }
    tookOverFrom = holder ?? {
      pid: 0,
      port: null,
      host: me.host,
      startTime: null,
      startedAt: "an unknown time",
      token: "",
    };
    break;
  }

  return {
    holder: me,
    tookOverFrom,
    setPort(p) {
      me.port = p;
      const tmp = `${file}.${process.pid}.port`;
      fs.writeFileSync(tmp, JSON.stringify(me), { mode: 0o600 });
      fs.renameSync(tmp, file); // atomic: readers see the old content or the new, never half
    },
    release() {
      const found = readHolder(file);
      if (found?.holder?.token === me.token) fs.rmSync(file, { force: true });
    },
  };
}

/** Replaces the stale lock whose content was `staleRaw`; false if it changed meanwhile. */
function takeOver(file: string, staleRaw: string, me: LockHolder): boolean {
  const mutex = `${file}.takeover`;
  try {
    fs.mkdirSync(mutex, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const age = Date.now() - fs.statSync(mutex).mtimeMs;
    if (age < TAKEOVER_STALE_MS)
      throw new DataDirLockedError(path.dirname(file), null, "another process is starting on it right now");
    fs.rmSync(mutex, { recursive: true, force: true });
    fs.mkdirSync(mutex, { mode: 0o700 });
  }
  try {
    const now = readHolder(file);
    if (now && now.raw !== staleRaw) return false;
    fs.rmSync(file, { force: true });
    createExclusive(file, JSON.stringify(me));
    return true;
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}
