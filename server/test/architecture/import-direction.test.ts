import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("../../", import.meta.url));
const srcDir = path.join(serverDir, "src");

/**
 * What http/ may import besides itself: the process-wide modules every layer shares. Everything
 * else under src/ is a feature folder or the composition (compose-app.ts, api-routes.ts,
 * app-deps.ts, main.ts), which import http/, never the other way round.
 */
const PLUMBING = ["http/", "runtime/", "config.ts", "clock.ts", "errors.ts"];

/** Folders in which no file may sit on an import cycle, type-only imports included. */
const ACYCLIC = ["engine/", "mail/", "channels/", "auth/factors/"];

/** Every module under src/ with the src/ modules it imports (import, import type, export … from, import()). */
function readImportGraph(): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(serverDir, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, serverDir);
  const files = fs
    .readdirSync(srcDir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => path.join(srcDir, f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && resolved.resolvedFileName.startsWith(srcDir))
        targets.add(rel(resolved.resolvedFileName));
    }
    graph.set(rel(file), [...targets]);
  }
  return graph;
}

const rel = (file: string) => path.relative(srcDir, file).split(path.sep).join("/");

/** The strongly connected components with a cycle in them (Tarjan's algorithm). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe("the server's imports", () => {
  const graph = readImportGraph();

  it("reads the whole of src/, the engine and http/ included", () => {
    expect(graph.has("compose-app.ts")).toBe(true);
    expect(graph.get("compose-app.ts")).toContain("http/app.ts");
  });

  it("never go from http/ to a feature folder or the composition: features import http/, not the reverse", () => {
    const wrongWay = [...graph]
      .filter(([file]) => file.startsWith("http/"))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => !PLUMBING.some((allowed) => target === allowed || target.startsWith(allowed)))
          .map((target) => `${file} → ${target}`),
      );
    expect(wrongWay).toEqual([]);
  });

  it("form no cycle through engine/, mail/, channels/ or auth/factors/, counting type-only imports", () => {
    const cycles = importCycles(graph)
      .filter((cycle) => cycle.some((file) => ACYCLIC.some((folder) => file.startsWith(folder))))
      .map((cycle) => cycle.join(" ⇄ "));
    expect(cycles).toEqual([]);
  });

  it("load the passkey library and the Stripe and Twilio packages only when a ceremony or the configuration needs them", () => {
    // They were the costliest imports of a start (docs/benchmarks.md, first start and re-open).
    const eagerImport = /^import\s+(?!type\b)[^;]*?from\s+"(stripe|twilio|@simplewebauthn\/server(?:\/[^"]*)?)"/gm;
    const eager = [...graph.keys()].flatMap((file) =>
      [...fs.readFileSync(path.join(srcDir, file), "utf8").matchAll(eagerImport)].map((m) => `${file}: ${m[1]}`),
    );
    expect(eager).toEqual([]);
  });
});
