import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { connect } from "../../src/db/connect.ts";
import { makeDataDirPrivate } from "../../src/runtime/private-files.ts";

const umask = process.umask();
const dirs: string[] = [];
afterEach(() => {
  process.umask(umask);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Every path under `dir` whose group or others may read, write or enter it. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.mode & 0o077) found.push(`${(st.mode & 0o777).toString(8)} ${path.relative(dir, p) || "."}`);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) visit(path.join(p, n));
  };
  visit(dir);
  return found;
}

describe("files under DATA_DIR are private (0600 files, 0700 directories)", () => {
  it("fixes what an older version left readable, and keeps an owner's execute bit", () => {
    process.umask(0o022);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-perms-"));
    dirs.push(dir);
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, "base/1"), { recursive: true, mode: 0o777 });
    fs.writeFileSync(path.join(dir, "base/1/1259"), "x", { mode: 0o666 });
    fs.writeFileSync(path.join(dir, "tool"), "x", { mode: 0o755 });
    expect(notPrivate(dir).length).toBeGreaterThan(0);
    const { fixed } = makeDataDirPrivate(dir);
    expect(fixed).toBe(5); // the directory, base, base/1 and both files
    expect(notPrivate(dir)).toEqual([]);
    expect(fs.statSync(path.join(dir, "tool")).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "base/1/1259")).mode & 0o777).toBe(0o600);
  });

  it("keeps PGlite's own files private (it sets 0666 and 0644 itself), when opened and when closed", async () => {
    process.umask(0o022);
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ts-perms-")), "data");
    dirs.push(path.dirname(dir));
    makeDataDirPrivate(dir);
    const database = await connect({ dataDir: dir });
    expect(notPrivate(dir)).toEqual([]);
    await database.db.execute(sql`create table perms_probe (x text)`);
    await database.db.execute(sql`insert into perms_probe select repeat('x', 500) from generate_series(1, 5000)`);
    await database.close();
    const files = fs.readdirSync(dir, { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(notPrivate(dir)).toEqual([]);
  }, 120_000); // a real database on disk: slow on a busy machine
});
