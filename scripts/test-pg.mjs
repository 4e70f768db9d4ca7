// `npm run test:pg`: the server suites again on a PostgreSQL server (TEST_DATABASE_URL, default the local one).
import { spawnSync } from "node:child_process";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const result = spawnSync("npm", ["run", "test", "-w", "server"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
