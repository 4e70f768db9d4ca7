// `npm start`: build the web app when its sources are newer than the build, then run the one server process.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "web/dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["web/src", "web/public", "contracts/src"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const sourceTime = Math.max(...sources.map(newestMtime), ...["web/index.html", "web/vite.config.ts"].map((f) => fs.statSync(path.join(root, f)).mtimeMs));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime) {
  console.log("Building the web app…");
  const result = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
