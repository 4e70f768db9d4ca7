import react from "@vitejs/plugin-react";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// Files rendered with react-dom/static: React's server renderer keeps its place in the app's
// contexts on the context objects themselves, which react-dom/client shares in one module graph;
// left there, a later file's client render finds a <Router> already around it, and every context
// stays marked as the server's ("multiple renderers" warnings). So they keep a worker of their own.
const serverRendered = ["src/prerender/prerender-pages.test.tsx", "src/app/routes/public/legal-pages.test.tsx"];

// Tests skip the Tailwind plugin: jsdom does not lay out, so the CSS would only cost time.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    restoreMocks: true,
    // Vitest's default leaves a core for itself (one worker on a 2-core machine); jsdom files are
    // CPU-bound and the runner is idle, so every core runs a file (CI: 234 s → 163 s).
    maxWorkers: os.availableParallelism(),
    // A limit on hanging, not a speed check: the page journeys take 1–2 s on an idle machine, and
    // on the shared 2-core machine at load average 25–30 the same journeys took over 5 s, the
    // default. Speed is measured by bench/, never here (GUIDE).
    testTimeout: 15_000,
    // Each project lists its own files (`include` here would be added to each project's, and every
    // file would run twice).
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...serverRendered],
          // The files in a worker share one jsdom and one module graph: a fresh one per file (the
          // default) was most of the suite's time (on the shared 2-core machine 287 s → 102–110 s).
          // So a test must leave nothing behind for the next file: src/testing/setup.ts cleans up
          // after each, and a helper that changes globals undoes it when the test finishes.
          isolate: false,
        },
      },
      { extends: true, test: { name: "server-rendered", include: serverRendered, isolate: true } },
    ],
  },
});
