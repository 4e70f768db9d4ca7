import fs from "node:fs";
import path from "node:path";

/**
 * Keeps DATA_DIR private to the account that runs the server. The umask makes every file created
 * from now on — ours and PGlite's, which asks for 0666/0777 — 0600 and its directories 0700; the
 * walk fixes what an older version (or a copy) left readable. Symbolic links are left alone.
 */
export function makeDataDirPrivate(dataDir: string): { fixed: number } {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let fixed = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? 0o700 : 0o600;
    // Keep an owner's execute bit on files (none of ours need it, but do not break what we did not make).
    const mode = st.isDirectory() ? wanted : wanted | (st.mode & 0o100);
    if ((st.mode & 0o777) !== mode) {
      fs.chmodSync(p, mode);
      fixed++;
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dataDir);
  return { fixed };
}
