// Compiles the server (with the shared contracts) into one JavaScript file for `npm start`, so
// production runs plain `node`, not tsx (docs/decisions/013). npm packages stay external (loaded
// from node_modules as usual). Rebuilds only when a source is newer than the output.
//
// The output sits at the same depth as server/src/<feature>/ (server/dist/bundle/main.js), so
// paths a module computes from import.meta.url (../../../web/dist) still land in the right place;
// the migrations the database module reads next to itself are copied beside the bundle.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverBundle = path.join(root, "server/dist/bundle/main.js");
const inputs = [
  "server/src",
  "contracts/src",
  "server/package.json",
  "contracts/package.json",
  "scripts/build-server.mjs",
].map((p) => path.join(root, p));

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

export function serverBuildIsCurrent() {
  if (!fs.existsSync(serverBundle)) return false;
  return fs.statSync(serverBundle).mtimeMs >= Math.max(...inputs.map(newestMtime));
}

/** Builds server/dist/bundle unless it is current; returns whether it built. */
export async function buildServerIfNeeded({ force = false } = {}) {
  if (!force && serverBuildIsCurrent()) return false;
  const started = performance.now();
  const esbuild = await import("esbuild");
  const outDir = path.dirname(serverBundle);
  const tmpDir = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  await esbuild.build({
    // The mail thread's entry is a file of its own beside main.js (server/src/mail/smtp-thread.ts).
    entryPoints: [
      { in: path.join(root, "server/src/main.ts"), out: "main" },
      { in: path.join(root, "server/src/mail/smtp-thread-worker.ts"), out: "smtp-thread-worker" },
    ],
    outdir: tmpDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "external-packages",
        setup(build) {
          // Our own workspace package (TypeScript sources) is compiled in; everything else is loaded from node_modules.
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@trigger-switch/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.cpSync(path.join(root, "server/src/db/migrations"), path.join(tmpDir, "migrations"), { recursive: true });
  // Swap in whole, so a start interrupted mid-build never runs half a build.
  fs.rmSync(outDir, { recursive: true, force: true });
  try {
    fs.renameSync(tmpDir, outDir);
  } catch (err) {
    // Another start in this checkout built it at the same moment: theirs is as good as ours.
    if (!["ENOTEMPTY", "EEXIST"].includes(err.code)) throw err;
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  console.log(
    `Built the server in ${Math.round(performance.now() - started)} ms (${path.relative(root, serverBundle)})`,
  );
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServerIfNeeded({ force: process.argv.includes("--force") });
}
