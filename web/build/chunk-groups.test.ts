import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { chunkGroups } from "./chunk-groups";

// A small app built with the real grouping: an entry that starts on its own (with a module, and
// Vite's loader, that three pages use too) and imports the app after its paint; four pages loaded on
// demand; a package and a module of ours that three pages share, and another pair that two share.
const fixture = {
  "index.js": `import { start } from "./start.js"; import { lib } from "react-ish"; start(lib); import("./app.js");`,
  "start.js": `export function start() { globalThis.started = true; }`,
  "app.js": `import "react-ish"; export const pages = [() => import("./a.js"), () => import("./b.js"), () => import("./c.js"), () => import("./d.js")];`,
  "shared.js": `import { lib } from "lib-many"; export const shared = () => lib("shared");`,
  "pair.js": `import { lib } from "lib-two"; export const pair = () => lib("pair");`,
  "a.js": `export const more = () => import("./more.js"); import { start } from "./start.js"; import { shared } from "./shared.js"; import { pair } from "./pair.js"; export default () => [start(), shared(), pair(), "a"];`,
  "b.js": `export const more = () => import("./more.js"); import { start } from "./start.js"; import { shared } from "./shared.js"; import { pair } from "./pair.js"; export default () => [start(), shared(), pair(), "b"];`,
  "c.js": `export const more = () => import("./more.js"); import { start } from "./start.js"; import { shared } from "./shared.js"; export default () => [start(), shared(), "c"];`,
  "d.js": `import { lib } from "lib-alone"; export default () => lib("d");`,
  "more.js": `import "./more.css"; import { lib } from "lib-alone"; export default () => lib("more");`,
  "more.css": `.more { color: red; }`,
  ...Object.fromEntries(
    ["react-ish", "lib-many", "lib-two", "lib-alone"].flatMap((name) => [
      // CommonJS, as React is: Rolldown's runtime, which every chunk using one needs, comes with it.
      [`node_modules/${name}/package.json`, JSON.stringify({ name, main: "index.js" })],
      [`node_modules/${name}/index.js`, `exports.lib = (x) => "${name}:" + x + ":${"x".repeat(200)}";`],
    ]),
  ),
};

async function buildFixture(): Promise<Rolldown.OutputChunk[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "chunk-groups-"));
  for (const [file, text] of Object.entries(fixture)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  try {
    const output = (await build({
      root,
      configFile: false,
      logLevel: "silent",
      build: {
        write: false,
        minify: false,
        rolldownOptions: { input: path.join(root, "index.js"), output: { codeSplitting: { groups: chunkGroups } } },
      },
    })) as Rolldown.RolldownOutput;
    return output.output.filter((file): file is Rolldown.OutputChunk => file.type === "chunk");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const chunkOf = (chunks: Rolldown.OutputChunk[], module: string) =>
  chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)))?.name;

describe("the chunk groups (build/chunk-groups.ts)", () => {
  it("keep the entry to what it needs before the app, and put what three pages share in one file each", async () => {
    const chunks = await buildFixture();
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    // A page that is whole as prerendered runs the entry alone before its paint: one file.
    expect(entry.imports).toEqual([]);
    expect(chunkOf(chunks, "/start.js")).toBe(entry.name);
    expect(chunkOf(chunks, "lib-many/index.js")).toBe("libraries");
    expect(chunkOf(chunks, "/shared.js")).toBe("shared");
    // The app's own code is loaded after the paint: never in the entry.
    expect(chunkOf(chunks, "/app.js")).not.toBe(chunkOf(chunks, "/index.js"));
  });

  it("leave what fewer pages share with those pages, so no page downloads another's code", async () => {
    const chunks = await buildFixture();
    for (const module of ["lib-two/index.js", "/pair.js", "lib-alone/index.js"])
      expect(["libraries", "shared"], module).not.toContain(chunkOf(chunks, module));
    const pageD = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith("/d.js")))!;
    const loadedByD = new Set([pageD.fileName, ...pageD.imports]);
    const pairFile = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith("/pair.js")))!.fileName;
    expect(loadedByD.has(pairFile)).toBe(false);
  });

  it("make no two files that import each other", async () => {
    const chunks = await buildFixture();
    const imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      (imports.get(from) ?? []).some(
        (next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))),
      );
    for (const chunk of chunks) expect(reaches(chunk.fileName, chunk.fileName), chunk.fileName).toBe(false);
  });
});
