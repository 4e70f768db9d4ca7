import { defineConfig } from "vitest/config";

// The shared rules are pure functions: no database, no DOM, so the default pool and isolation suit them.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
  },
});
