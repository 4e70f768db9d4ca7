import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Emscripten's ENOSPC, what PGlite's file system layer reports (`ErrnoError { errno: 51 }`). */
const EMSCRIPTEN_ENOSPC = 51;
/** A probe while writes are failing runs at most this often (readiness may be polled every second). */
const PROBE_INTERVAL_MS = 2_000;
/** The embedded probe writes this much to DATA_DIR: a database page, its WAL and some room. */
const FILE_PROBE_BYTES = 1024 * 1024;

/**
 * Whether an error (or any error in its `cause` chain) means the disk is full: Node's ENOSPC/EDQUOT,
 * PGlite's errno 51, PostgreSQL's 53100 disk_full, or their messages.
 */
export function isOutOfSpace(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, errno, name, message } = e as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown };
    if (code === "ENOSPC" || code === "EDQUOT" || code === "53100") return true;
    if (name === "ErrnoError" && errno === EMSCRIPTEN_ENOSPC) return true;
    if (typeof message === "string" && /no space left on device|disk quota exceeded/i.test(message)) return true;
  }
  return false;
}

export interface StorageProblem {
  /** In words, for /readyz, /api/diagnostic and the log. */
  cause: string;
  since: Date;
}

/**
 * What the process knows about its writes: a write that failed for lack of space is remembered
 * (observed at the database driver, docs/decisions/013) until a probe write succeeds again, so
 * /readyz and /api/diagnostic tell the truth instead of "ok" while every save answers 500.
 */
export interface StorageHealth {
  /** Called with every error the database driver returns; remembers the disk-full ones. */
  noteError(err: unknown): void;
  /** The current problem, after a probe if one is recorded (so it clears once writes succeed). */
  check(): Promise<StorageProblem | null>;
  /** The last known state, without probing. */
  current(): StorageProblem | null;
}

export function createStorageHealth({
  probe,
  describe,
  onChange,
}: {
  /** A real write; throws when it cannot be done. */
  probe: () => Promise<void>;
  /** Where the data lives, for the message ("the disk holding /data"). */
  describe: string;
  onChange?: (problem: StorageProblem | null) => void;
}): StorageHealth {
  let problem: StorageProblem | null = null;
  let lastProbe = 0;
  let probing: Promise<void> | null = null;
  const set = (next: StorageProblem | null) => {
    if ((next === null) === (problem === null)) return;
    problem = next;
    onChange?.(problem);
  };
  const fail = () =>
    set(
      problem ?? {
        cause: `Writes fail: ${describe} is full (no space left on the device). Free some space; the service recovers by itself.`,
        since: new Date(),
      },
    );
  return {
    noteError(err) {
      if (isOutOfSpace(err)) fail();
    },
    current: () => problem,
    async check() {
      if (!problem) return null;
      if (Date.now() - lastProbe >= PROBE_INTERVAL_MS) {
        lastProbe = Date.now();
        probing ??= probe()
          .then(() => set(null))
          .catch((err: unknown) => {
            if (isOutOfSpace(err)) fail();
          })
          .finally(() => (probing = null));
      }
      await probing;
      return problem;
    },
  };
}

/** Writes, syncs and removes 1 MiB in `dir`: fails with ENOSPC while the disk holding it is full. */
export async function probeFileWrite(dir: string): Promise<void> {
  const file = path.join(dir, `.write-probe-${process.pid}`);
  const handle = await fs.promises.open(file, "w", 0o600);
  try {
    await handle.write(crypto.randomBytes(FILE_PROBE_BYTES));
    await handle.sync();
  } finally {
    await handle.close();
    await fs.promises.rm(file, { force: true });
  }
}
