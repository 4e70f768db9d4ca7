import { execFileSync } from "node:child_process";
import { EmbeddedPostgresUnavailableError } from "./postgres-binaries.ts";

/** Who PostgreSQL is inside its user namespace when we run as root: an id it may run as. */
const NOBODY = 65534;

/**
 * The command line that runs a PostgreSQL program.
 *
 * As root (a container, a bare VPS): PostgreSQL refuses to run as root, so it runs in a user
 * namespace of its own where our root is `nobody`. Outside, it still acts as root, so it can
 * reach DATA_DIR wherever it is (under /root, say) and its files stay ours; inside, it holds no
 * privilege. No system account is created and no folder is opened to anyone (docs/decisions/035).
 *
 * `stopWithParent`: the parent-death signal (setpriv, Linux), so a kill -9 of this process does
 * not leave PostgreSQL running with DATA_DIR locked.
 */
export function postgresCommand(
  program: string,
  args: string[],
  { stopWithParent }: { stopWithParent: boolean },
): { command: string; args: string[] } {
  let line = [program, ...args];
  if (stopWithParent && has("setpriv")) line = ["setpriv", "--pdeathsig=SIGINT", "--", ...line];
  if (process.getuid?.() === 0) {
    if (!has("unshare"))
      throw new EmbeddedPostgresUnavailableError(
        "Trigger Switch runs as root, and PostgreSQL may not: it needs unshare (util-linux) to run the embedded database. " +
          "Run Trigger Switch as an ordinary user, install util-linux, or set DATABASE_URL.",
      );
    line = ["unshare", "--user", `--map-user=${NOBODY}`, `--map-group=${NOBODY}`, "--", ...line];
  }
  return { command: line[0]!, args: line.slice(1) };
}

/** Whether running as root may enter a user namespace here (some container profiles forbid it). */
export function checkRootCanRunPostgres(): void {
  if (process.getuid?.() !== 0) return;
  try {
    execFileSync("unshare", ["--user", `--map-user=${NOBODY}`, `--map-group=${NOBODY}`, "--", "true"], {
      stdio: "pipe",
    });
  } catch (err) {
    const why = ((err as { stderr?: Buffer }).stderr?.toString() || (err as Error).message).trim().split("\n")[0];
    throw new EmbeddedPostgresUnavailableError(
      `Trigger Switch runs as root, and PostgreSQL may not; running it in a user namespace failed here (${why}). ` +
        "Run Trigger Switch as an ordinary user (in a container: a USER line), allow user namespaces, or set DATABASE_URL.",
    );
  }
}

const found = new Map<string, boolean>();
function has(tool: string): boolean {
  if (!found.has(tool)) {
    try {
      execFileSync(tool, ["--version"], { stdio: "pipe" });
      found.set(tool, true);
    } catch {
      found.set(tool, false);
    }
  }
  return found.get(tool)!;
}
