// One load of a page at the mobile preset's CPU slowdown (4×) under V8's sampling profiler, for
// `node bench/lighthouse.mjs --cpu-profile=DIR`: writes the profile of its first 6 s to `file` (read
// it with summarise-cpu-profile.mjs) and returns React's commits in those 6 s, counted through the
// hook React's developer tools use: when each landed and how many components rendered for it (a
// page that keeps rendering after its start shows here).
import fs from "node:fs";

/** Profiles loading `url` in `page` (a puppeteer tab); resolves to [ms since navigation, components rendered] per commit. */
export async function profileLoad(page, url, file) {
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.evaluateOnNewDocument(() => {
    const commits = [];
    Object.defineProperty(globalThis, "__benchCommits", { value: commits });
    // A subtree React skipped keeps the very fibers of the commit before (flags and all); a fiber
    // that rendered is the other of its pair. So a fiber counts only if the last commit had not got it.
    let lastTree = new WeakSet();
    globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: (_renderer, root) => {
        let rendered = 0;
        const tree = new WeakSet();
        const walk = (fiber) => {
          for (; fiber; fiber = fiber.sibling) {
            tree.add(fiber);
            // PerformedWork: the component's function ran for this commit.
            if (fiber.flags & 1 && typeof fiber.type === "function" && !lastTree.has(fiber)) rendered += 1;
            walk(fiber.child);
          }
        };
        walk(root.current.child);
        lastTree = tree;
        commits.push([Math.round(performance.now()), rendered]);
      },
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    };
  });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "load" });
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const { profile } = await cdp.send("Profiler.stop");
  fs.writeFileSync(file, JSON.stringify(profile));
  return page.evaluate(() => globalThis.__benchCommits);
}
