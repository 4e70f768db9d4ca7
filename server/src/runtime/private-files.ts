import fs from "node:fs";
import path from "node:path";
import { CLUSTER_DIR } from "../db/embedded/start-embedded-postgres.ts";

/**
 * Keeps DATA_DIR private to the account that runs the server: the umask makes every file we
 * create from now on 0600 and directories 0700, and the walk fixes what an older version (or a
 * copy) left readable. Symbolic links are left alone, and so is the embedded PostgreSQL's folder:
 * PostgreSQL keeps it private itself and refuses to start otherwise.
 */
export function makeDataDirPrivate(dataDir: string): { fixed: number } {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return chmodPrivate(dataDir);
}

/** 0600 for files, 0700 for directories, under `dir`. */
function chmodPrivate(dir: string): { fixed: number } {
  let fixed = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory() && p === path.join(dir, CLUSTER_DIR)) return;
    // Keep an owner's execute bit on files (none of ours need it, but do not break what we did not make).
    const mode = st.isDirectory() ? 0o700 : 0o600 | (st.mode & 0o100);
    if ((st.mode & 0o777) !== mode) {
      fs.chmodSync(p, mode);
      fixed++;
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return { fixed };
}
