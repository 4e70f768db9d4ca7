// `npm run bench`: every benchmark under bench/, one after another. They print figures; none is a test.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

if (!fs.existsSync("web/dist/index.html")) spawnSync("npm", ["run", "build"], { stdio: "inherit" });

for (const script of ["bench/web-bundle-size.mjs", "bench/cold-start.mjs"]) {
  console.log(`\n## ${script}`);
  const r = spawnSync(process.execPath, [script], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
