import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Each file gets its own database; PGlite start-up dominates, so keep files parallel but few workers.
    pool: "forks",
    maxWorkers: 2,
    // A worker keeps its module cache from file to file: every test builds its app, database and
    // clock from its own arguments (no module state), and importing the server afresh for each
    // file was 40 % of the suite's time (import 188 s of 453 s on PGlite; 321 s in all without it).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
