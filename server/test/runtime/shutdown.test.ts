import { describe, expect, it } from "vitest";
import { runShutdownSteps } from "../../src/runtime/shutdown.ts";

describe("shutdown steps", () => {
  it("goes on to the next step when one hangs past its budget, and reports the stop as not clean", async () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    const ran: string[] = [];
    const started = performance.now();
    const clean = await runShutdownSteps(
      [
        { name: "a mail server that never answers", budgetMs: 200, run: () => new Promise(() => ran.push("hung")) },
        { name: "database", budgetMs: 200, run: async () => void ran.push("database") },
      ],
      log,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(clean).toBe(false);
    expect(ran).toEqual(["hung", "database"]);
    expect(lines[0]).toContain("a mail server that never answers did not finish within 0.2 s");
  });

  it("is clean when every step finishes; a failing step is logged and the rest still run", async () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    expect(await runShutdownSteps([{ name: "http", budgetMs: 500, run: async () => {} }], log)).toBe(true);
    const ran: string[] = [];
    const clean = await runShutdownSteps(
      [
        { name: "http", budgetMs: 500, run: async () => Promise.reject(new Error("boom")) },
        { name: "database", budgetMs: 500, run: async () => void ran.push("database") },
      ],
      log,
    );
    expect(clean).toBe(false);
    expect(ran).toEqual(["database"]);
    expect(lines.some((l) => l.includes("http failed: boom"))).toBe(true);
  });
});
