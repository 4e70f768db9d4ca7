import type { Plugin, Rolldown } from "vite";

// A page's code arrives over HTTP/1.1, six requests at a time: on a phone's round trip (150 ms or
// more) the sixty small files Rolldown split the dashboard's code into cost ten round trips before
// the page could render, more than their bytes did. So the app's code is built twice:
// 1. split by Rolldown alone, which tells exactly which modules the app needs to start on any page
//    (what its shell's first load holds after tree-shaking: the router, the session, the queries);
// 2. built again with those modules in one file (`shell`), React in another, and what the pages
//    that show data share beyond the shell in three more: zod (`zod`); our schemas (`schemas`);
//    our helpers, components, hooks and API calls with the libraries they use: the dialogs, the
//    icons (`pages`). Splitting further by feature made chunks import each other in a
//    cycle, which ran a schema module before one it used (a TypeError on the access page).
//    The dashboard, where a signed-in visit starts, is learnt too: what the other pages share
//    beyond what it loads (the dialogs, the forms, their schemas) is a file of its own
//    (`pages-more`, `schemas-more`), so it downloads and evaluates none of it. Whatever loads a
//    module loads what it imports, so nothing the dashboard loads imports one of those (no cycle).
//    The recipient's access page, which someone may open in an emergency on a weak connection, is
//    learnt like the shell: the shared modules it loads are a file of their own (`access`), so it
//    does not download the owner's workspace (163 KiB gzip instead of 205).
// Only what two parts of the app or more load is shared: what one page alone loads (the admin
// console's schemas and queries) stays in that page's file. What only some pages need (a page's
// own code, a menu, a form library, a map, auth-js) is still split by Rolldown as it sees fit.
// A page's HTML names its files (vite.config.ts, withPreloads).

const react = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** The libraries our shared modules may use besides React; one that needs any other stays with its pages. */
const otherPageLibraries =
  /node_modules[\\/](react-router|@tanstack|tailwind-merge|clsx|class-variance-authority|zod|sonner|lucide-react|@radix-ui[\\/](primitive|react-(alert-dialog|dialog|label|slot|primitive|compose-refs|context|presence|portal|focus-scope|focus-guards|dismissable-layer|id|use-[a-z-]+))|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/;
const isPageLibrary = (id: string) => react.test(id) || otherPageLibraries.test(id);
/** zod, then our schemas: each file is evaluated in a task of its own (app/evaluate-in-slices.ts). */
const zod = /node_modules[\\/]zod[\\/]|[\\/]web[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/;
const schemas = /[\\/]contracts[\\/]src[\\/]/;
/** Our own modules many pages share. */
const sharedSource =
  /[\\/](web[\\/]src[\\/](lib|components|hooks|config|features[\\/][^\\/]+[\\/]api)|contracts[\\/]src)[\\/]/;
/**
 * A feature's own components and helpers are shared only for the dashboard's sake: on its path they
 * were a dozen files of a few hundred bytes each, every one a request. Shared for the other pages'
 * sake too, they took modules only those pages use with them, and the public pages' code grew by 13
 * KiB gzip; this way by 4.4 KiB (fetched after their paint). So they are shared when the module
 * being placed is one the dashboard loads (and with it everything that module imports).
 */
const featureSource = /[\\/]web[\\/]src[\\/]features[\\/]/;
const groupable = (id: string, placed: string) =>
  sharedSource.test(id) || (featureSource.test(id) && dashboard.has(placed));

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
}
interface Context {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** The app's starter: it evaluates React, then the page's files, each in a task of its own. */
const starter = "src/app/start.tsx";

/** What the first build tells: the modules the entry, the shell and the access page each load first. */
const entry = new Set<string>();
const shell = new Set<string>();
const accessPage = new Set<string>();
const dashboard = new Set<string>();
/** How many of the parts the app loads on demand (its pages, a page's menu or map) load each module. */
const partsLoading = new Map<string, number>();

/**
 * Reads, from the first build's chunks, every module the entry loads before it runs, every module
 * the shell (`pages.shell`, the app's start) loads besides, every one a recipient's access page
 * (`pages.accessPage`, its route) loads beyond both, every one the dashboard (`pages.dashboard`, its
 * layout and route) loads, and how many parts loaded on demand load each module. The entry's and
 * the shell's stay out of the groups, so the entry (which every page runs, and a prerendered page
 * alone) stays as small as it was. In the second build it checks that the
 * grouping kept it so (neither the entry nor the shell loads a module it did not), that the
 * starter's file loads neither React nor the shell with it, and that no two files import each
 * other, even through others.
 */
export function learnFirstLoads(pages: { shell: string; accessPage: string; dashboard: string[] }): Plugin {
  return {
    name: "trigger-switch:learn-first-loads",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])),
      );
      const chunkOf = (source: string) => {
        const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(source));
        if (!chunk) throw new Error(`no chunk of ${source} in the build`);
        return chunk.fileName;
      };
      const modulesLoadedBy = (first: string[]) => {
        const seen = new Set<string>();
        const modules = new Set<string>();
        for (let name = first.pop(); name !== undefined; name = first.pop()) {
          const chunk = chunks.get(name);
          if (!chunk || seen.has(name)) continue;
          seen.add(name);
          for (const id of Object.keys(chunk.modules)) modules.add(id);
          first.push(...chunk.imports);
        }
        return modules;
      };
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const start = chunkOf(pages.shell);
      if (firstBuildRead()) {
        const grown = [
          ...[...modulesLoadedBy(entries)].filter((id) => !entry.has(id)),
          ...[...modulesLoadedBy([start])].filter((id) => !entry.has(id) && !shell.has(id) && !react.test(id)),
        ];
        if (grown.length > 0)
          throw new Error(`the grouping added to the entry's or the shell's first load: ${grown[0]}`);
        const grouped = (name: string) =>
          [...chunks.values()].filter((chunk) => chunk.name === name).flatMap((chunk) => Object.keys(chunk.modules));
        const heavy = new Set([...grouped("react"), ...grouped("shell")]);
        const starterImports = [...(chunks.get(chunkOf(starter))?.imports ?? [])];
        const pulled = [...modulesLoadedBy(starterImports)].filter((id) => heavy.has(id));
        if (pulled.length > 0)
          throw new Error(`the app's starter evaluates ${pulled[0]} with itself, in one task: ${starter}`);
        const cycle = importCycle(chunks);
        if (cycle)
          throw new Error(`chunks import each other in a cycle (one would run before another it uses): ${cycle}`);
        return;
      }
      for (const id of modulesLoadedBy(entries)) entry.add(id);
      for (const id of modulesLoadedBy([start])) if (!entry.has(id)) shell.add(id);
      for (const id of modulesLoadedBy([chunkOf(pages.accessPage)]))
        if (!entry.has(id) && !shell.has(id)) accessPage.add(id);
      for (const id of modulesLoadedBy(pages.dashboard.map(chunkOf))) dashboard.add(id);
      for (const part of [...chunks.values()].filter((chunk) => chunk.isDynamicEntry))
        for (const id of modulesLoadedBy([part.fileName])) partsLoading.set(id, (partsLoading.get(id) ?? 0) + 1);
    },
  };
}

/** A cycle in the files' static imports ("a → b → a"), if there is one. */
function importCycle(chunks: Map<string, { imports: string[] }>): string | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string | null => {
    if (path.includes(name)) return [...path.slice(path.indexOf(name)), name].join(" → ");
    if (done.has(name)) return null;
    path.push(name);
    for (const imported of chunks.get(name)?.imports ?? []) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const name of chunks.keys()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/** Whether the first build has run (the groups apply to the second). */
const firstBuildRead = () => shell.size > 0;

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: (id) => (firstBuildRead() && react.test(id) && !entry.has(id) ? "react" : null), priority: 3 },
  {
    name: (id, ctx) =>
      shell.has(id) && !loadedOnDemand(id, ctx as Context) && !onlyTheStarterUses(id, ctx as Context) ? "shell" : null,
    priority: 2,
    // The set is whole already; taking in its modules' imports would take the entry's too.
    includeDependenciesRecursively: false,
  },
  {
    name: (id, ctx) => {
      // A module some page imports on demand (the toasts' renderer) stays a file of its own, or
      // importing it would fetch all of this.
      if (!firstBuildRead() || !(groupable(id, id) || isPageLibrary(id)) || loadedOnDemand(id, ctx as Context))
        return null;
      if (!isShared(id, ctx as Context)) return null;
      // What one page alone loads (the admin console's queries and schemas, a security setting's
      // API calls) stays in that page's file: in a shared one, every page that shows data would
      // download and evaluate it. Whatever loads a module loads what it imports, so no module of
      // the shared files imports one of these (no cycle).
      if ((partsLoading.get(id) ?? 0) < 2) return null;
      if (zod.test(id)) return "zod";
      if (accessPage.has(id)) return "access";
      const more = dashboard.has(id) ? "" : "-more";
      return (schemas.test(id) ? "schemas" : "pages") + more;
    },
    priority: 1,
    includeDependenciesRecursively: false,
  },
];

/**
 * A module that only the app's starter (`app/start.tsx`) imports stays in the starter's file: in the
 * shell's, the starter's first line would evaluate the shell, and with it React, in one task, which
 * is what the starter is there to split (app/evaluate-in-slices.ts).
 */
function onlyTheStarterUses(id: string, ctx: Context): boolean {
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return (
    importers.length > 0 && importers.every((importer) => importer.replaceAll("\\", "/").endsWith(`/web/${starter}`))
  );
}

function loadedOnDemand(id: string, ctx: Context): boolean {
  const info = ctx.getModuleInfo(id);
  return !info || info.isEntry || info.dynamicImporters.length > 0;
}

/** Not loaded on demand, and importing, even through other modules of ours, no library beyond the page libraries. */
function isShared(id: string, ctx: Context, placed = id, seen = new Set<string>()): boolean {
  if (seen.has(id) || shell.has(id)) return true;
  seen.add(id);
  if (entry.has(id)) return false;
  if (/node_modules/.test(id)) return isPageLibrary(id);
  if (!groupable(id, placed) || loadedOnDemand(id, ctx)) return false;
  return ctx.getModuleInfo(id)!.importedIds.every((imported) => isShared(imported, ctx, placed, seen));
}

/**
 * V8's explicit compile hint for the files whose functions nearly all run while a page starts:
 * React's, and zod's (building our schemas calls most of it). V8 then compiles them while they
 * stream in, off the main thread, instead of each function on its first call, on it: building the
 * schemas took 50–88 ms of one task before (with Intl's first use, since removed), 22–37 ms after.
 * Not the others: most of their functions wait for a tap.
 */
export const compileHint = (chunk: { moduleIds: readonly string[] }) =>
  [react, zod].some((library) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => library.test(id)))
    ? "//# allFunctionsCalledOnLoad"
    : "";
