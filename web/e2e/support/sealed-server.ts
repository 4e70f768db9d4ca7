import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MAILBOX_KEY } from "./mailbox";

export interface OwnServer {
  url: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr (its JSON log lines). */
  logFile: string;
  stop(): Promise<void>;
}

/**
 * A server of the journey's own, so the journey can read what it left behind: its DATA_DIR (the
 * embedded database's files, keys, attachment blobs) and every log line, at `info`. Local mailbox
 * (no SMTP_URL) and a test clock (POST /dev/clock), like a self-hoster's first start.
 */
export async function startOwnServer(port: number): Promise<OwnServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ts-e2e-own-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  const url = `http://localhost:${port}`;
  const log = fs.openSync(logFile, "a");
  const child: ChildProcess = spawn("node", ["--import", "tsx", "../server/src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      SMTP_URL: "",
      DATABASE_URL: "",
      ADMIN_EMAILS: "",
      MAILBOX_KEY,
      TEST_CLOCK: "true",
      ENGINE_INTERVAL_MS: "250",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", log, log],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start: ${fs.readFileSync(logFile, "utf8")}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("the server did not become ready in 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    logFile,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Every file under `dir`, recursively, with its bytes. */
export function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    const file = path.join(entry.parentPath, entry.name);
    return [{ file, bytes: fs.readFileSync(file) }];
  });
}
