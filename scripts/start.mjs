// `npm start`: build what is out of date (the web app; the server into plain JavaScript), then
// become the server: it runs in this very process, so the PID npm starts is the server's and a
// signal sent to it (or to npm, which passes it on) reaches the server (docs/decisions/013).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServerIfNeeded, serverBundle } from "./build-server.mjs";

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

/** Runs a build step; a signal meanwhile stops it too, and us. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit" });
    const forward = (signal) => child.kill(signal);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, forward);
    child.on("exit", (code, signal) => {
      for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.off(s, forward);
      if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
      resolve();
    });
  });
}

const sources = ["web/src", "web/public", "contracts/src"]
  .map((d) => path.join(root, d))
  .filter((d) => fs.existsSync(d));
const sourceTime = Math.max(
  ...sources.map(newestMtime),
  ...["web/index.html", "web/vite.config.ts"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
// The web app is built only for a server that serves it (SERVE_WEB=false: an API-only process).
const servesWeb = !["false", "0", "no"].includes(process.env.SERVE_WEB ?? "");
if (servesWeb && (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime)) {
  console.log("Building the web app…");
  await run("npm", ["run", "build", "-w", "web"]);
}
await buildServerIfNeeded();

// Started by npm through a shell that does not exec (dash): if npm goes away without passing a
// signal on (it sends it to the shell, not to us), we are an orphan nobody will stop, so stop.
if (process.env.npm_lifecycle_event === "start") {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    console.error(`npm (PID ${parent}) is gone: stopping the server`);
    process.kill(process.pid, "SIGTERM");
  }, 500).unref();
}

process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
await import(pathToFileURL(serverBundle).href);
