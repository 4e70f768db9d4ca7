import react from "@vitejs/plugin-react";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests skip the Tailwind plugin: jsdom does not lay out, so the CSS would only cost time.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    restoreMocks: true,
    // Vitest's default leaves a core for itself (one worker on a 2-core machine); jsdom files are
    // CPU-bound and the runner is idle, so every core runs a file (CI: 234 s → 163 s).
    maxWorkers: os.availableParallelism(),
    // A limit on hanging, not a speed check: the page journeys take 1–2 s on an idle machine, and
    // on the shared 2-core machine at load average 25–30 the same journeys took over 5 s, the
    // default. Speed is measured by bench/, never here (GUIDE).
    testTimeout: 15_000,
  },
});
