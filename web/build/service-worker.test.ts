import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writePrecacheList } from "./service-worker";

function builtSite(worker = "var p=JSON.parse(`__PRECACHE__`);") {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "sw-build-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  };
  write(
    "pages/app-dashboard.html",
    '<link rel="modulepreload" href="/assets/dashboard-1.js"><script src="/assets/index-1.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-1.css" disabled><a href="/profile">',
  );
  for (const file of ["assets/dashboard-1.js", "assets/index-1.js", "assets/index-1.css", "assets/map-1.js"])
    write(file, file);
  for (const file of ["offline.html", "favicon.svg", "manifest.webmanifest", "icons/icon-192.png"]) write(file, file);
  write("sw.js", worker);
  return dist;
}

const listIn = (dist: string) => {
  const code = fs.readFileSync(path.join(dist, "sw.js"), "utf8");
  return JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)![1]!)) as {
    version: string;
    files: string[];
  };
};

describe("the service worker's precache list", () => {
  it("keeps what the dashboard starts with, the offline page and the manifest, and nothing else", () => {
    const dist = builtSite();
    writePrecacheList(dist);
    expect(listIn(dist).files).toEqual([
      "/assets/dashboard-1.js",
      "/assets/index-1.css",
      "/assets/index-1.js",
      "/favicon.svg",
      "/icons/icon-192.png",
      "/manifest.webmanifest",
      "/offline.html",
    ]);
  });

  it("makes a new worker when a kept file changes, even one whose name has no hash", () => {
    const first = builtSite();
    const second = builtSite();
    fs.writeFileSync(path.join(second, "offline.html"), "reworded");
    writePrecacheList(first);
    writePrecacheList(second);
    expect(listIn(first).version).not.toBe(listIn(second).version);
  });

  it("fails the build when the worker has lost its placeholder", () => {
    expect(() => writePrecacheList(builtSite("var p=[];"))).toThrow(/__PRECACHE__/);
  });
});
