// `npm run dev`: the server with reload on change, and Vite with hot reload proxying the API to it.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn(process.execPath, ["--watch", "--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, SERVE_WEB: "false", SITE_URL: process.env.SITE_URL ?? "http://localhost:5173" },
  }),
  spawn("npm", ["run", "dev", "-w", "web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
