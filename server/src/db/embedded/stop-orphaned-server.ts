import fs from "node:fs";
import path from "node:path";

/** How long an orphan gets to finish its fast shutdown before it is killed. */
const ORPHAN_STOP_MS = 15_000;

/**
 * Makes sure nothing from an earlier run still works in the cluster before PostgreSQL starts on it.
 * Only called while we hold DATA_DIR's lock, so no live Trigger Switch owns the cluster: any
 * process still running in it was left behind (its parent died where the parent-death signal is not
 * available, or it is still finishing the fast shutdown that signal asked for), and is stopped. Once
 * no process runs in it, postmaster.pid and the socket's lock are stale whatever they say (a dead
 * process not yet reaped, a reused PID), and are removed so PostgreSQL does not refuse to start.
 * Linux only (it reads /proc); elsewhere PostgreSQL's own stale-file check decides.
 */
export async function stopOrphanedServer(clusterDir: string, log: (line: string) => void): Promise<void> {
  if (!fs.existsSync("/proc/self/cwd")) return;
  const left = processesIn(clusterDir);
  if (left.length > 0) {
    log(
      `embedded database: ${left.length} PostgreSQL processes left by an earlier run still had it open; stopping them`,
    );
    const postmaster = readPostmasterPid(clusterDir);
    if (postmaster && left.includes(postmaster)) signal(postmaster, "SIGINT");
    if (!(await noneLeftWithin(clusterDir, ORPHAN_STOP_MS))) {
      for (const pid of processesIn(clusterDir)) signal(pid, "SIGKILL");
      if (!(await noneLeftWithin(clusterDir, 5_000)))
        throw new Error(
          `PostgreSQL processes left by an earlier run in ${clusterDir} do not stop: ${processesIn(clusterDir).join(", ")}.`,
        );
    }
  }
  for (const stale of ["postmaster.pid", ".s.PGSQL.5432.lock"])
    fs.rmSync(path.join(clusterDir, stale), { force: true });
}

/** Live processes whose working directory is the cluster: PostgreSQL's server and every backend. */
function processesIn(clusterDir: string): number[] {
  const dir = fs.realpathSync(clusterDir);
  const found: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readlinkSync(`/proc/${name}/cwd`) === dir) found.push(Number(name));
    } catch {
      // gone, a zombie (no working directory), or not ours to read
    }
  }
  return found;
}

function readPostmasterPid(clusterDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

async function noneLeftWithin(clusterDir: string, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (processesIn(clusterDir).length === 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return processesIn(clusterDir).length === 0;
}
