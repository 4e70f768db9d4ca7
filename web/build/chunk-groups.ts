import type { Rolldown } from "vite";

const inNodeModules = (id: string) => id.split(/[\\/]/).includes("node_modules");

/**
 * How the browser bundle is cut into files. Left to itself, Rolldown makes a file of every set of
 * modules that a distinct set of pages shares: dozens of small files on a signed-in page, each a
 * round trip on a phone over HTTP/1.1. Three groups, the first to match taking a module:
 * - `start`: what the entry itself needs (Vite's loader, Rolldown's runtime), kept in the entry, so a
 *   page runs one small file before its paint (the build fails otherwise: build/prerender-pages.ts);
 * - `libraries`: the packages that three or more pages (or a page's parts) load;
 * - `shared`: our own modules that three or more load.
 * What fewer pages share stays with them, so a page never downloads code that only others use.
 * build/README.md says when to change this; build/chunk-groups.test.ts holds it to that.
 */
export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: "start", tags: ["$initial"], priority: 3 },
  { name: "libraries", test: inNodeModules, minShareCount: 3, priority: 2 },
  { name: "shared", minShareCount: 3, priority: 1 },
];
