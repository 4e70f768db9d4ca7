// Sealing and opening a 25 MiB attachment in Debian's Chromium with the web app's own age library
// (age-encryption, passphrase recipient at age's default scrypt work factor), as the editor and the
// access page do: the whole file in memory, one `encrypt` / `decrypt` call. Prints the median and
// range of each over `runs`, and the renderer's peak resident memory (VmHWM, reset before each step).
// Usage: node --import tsx bench/sealed-attachment.ts [runs=3] [mebibytes=25]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type * as AgeLibrary from "age-encryption";
import { launchChromium } from "./support/chromium.ts";

type AgeModule = typeof AgeLibrary;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 3);
const mib = Number(process.argv[3] ?? 25);

// The same package the web app bundles, made into one script for a blank page.
const bundle = await build({
  stdin: { contents: `export * from "age-encryption";`, resolveDir: path.join(root, "web"), loader: "ts" },
  bundle: true,
  format: "iife",
  globalName: "age",
  write: false,
  minify: true,
});

const browser = await launchChromium();
const page = await browser.newPage();
let crashed = false;
page.on("crash", () => (crashed = true));
await page.setContent("<!doctype html><title>seal bench</title>");
await page.addScriptTag({ content: bundle.outputFiles[0]!.text });

/** The renderer processes of this browser (their command line says --type=renderer). */
function renderers(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("--type=renderer");
      } catch {
        return false;
      }
    })
    .map(Number);
}
const resetPeak = () => renderers().forEach((pid) => fs.writeFileSync(`/proc/${pid}/clear_refs`, "5"));
const peakMiB = () =>
  Math.max(
    ...renderers().map((pid) => {
      const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      return Number(kb ?? 0) / 1024;
    }),
  );

const passphrase = "quartz lantern meadow oblique falcon thimble";
const scryptOnly: number[] = [];
const seal: number[] = [];
const open: number[] = [];
const sealPeak: number[] = [];
const openPeak: number[] = [];
for (let run = 0; run < runs; run++) {
  // The passphrase's cost alone (an empty file): the same for a note and for a film.
  scryptOnly.push(
    await page.evaluate(async (pass) => {
      const w = globalThis as unknown as { age: AgeModule };
      const t0 = performance.now();
      const encrypter = new w.age.Encrypter();
      encrypter.setPassphrase(pass);
      await encrypter.encrypt(new Uint8Array(0));
      return performance.now() - t0;
    }, passphrase),
  );
  await page.evaluate(
    (size) => {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
      Object.assign(globalThis, { plain: bytes, sealed: null });
    },
    mib * 1024 * 1024,
  );
  resetPeak();
  seal.push(
    await page.evaluate(async (pass) => {
      const w = globalThis as unknown as { age: AgeModule; plain: Uint8Array; sealed: Uint8Array };
      const t0 = performance.now();
      const encrypter = new w.age.Encrypter();
      encrypter.setPassphrase(pass);
      w.sealed = await encrypter.encrypt(w.plain);
      return performance.now() - t0;
    }, passphrase),
  );
  sealPeak.push(peakMiB());
  resetPeak();
  open.push(
    await page.evaluate(async (pass) => {
      const w = globalThis as unknown as { age: AgeModule; plain: Uint8Array; sealed: Uint8Array };
      const t0 = performance.now();
      const decrypter = new w.age.Decrypter();
      decrypter.addPassphrase(pass);
      const out = await decrypter.decrypt(w.sealed);
      const ms = performance.now() - t0;
      if (out.length !== w.plain.length || out[12345] !== w.plain[12345]) throw new Error("opened bytes differ");
      return ms;
    }, passphrase),
  );
  openPeak.push(peakMiB());
}
await browser.close();

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const row = (name: string, ms: number[], peak: number[]) =>
  `| ${name} | ${median(ms).toFixed(0)} ms | ${sorted(ms)[0]!.toFixed(0)}–${sorted(ms).at(-1)!.toFixed(0)} ms | ${peak.length ? `${median(peak).toFixed(0)} MiB` : "—"} | ${runs} |`;
console.log(
  `Chromium ${execFileSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], {
    stdio: ["ignore", "pipe", "ignore"],
  })
    .toString()
    .trim()}, ${mib} MiB, load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
);
console.log("| step | median | range | renderer peak RSS (median) | n |");
console.log("|---|---|---|---|---|");
console.log(row("seal an empty file (scrypt alone)", scryptOnly, []));
console.log(row(`seal ${mib} MiB (scrypt + encrypt)`, seal, sealPeak));
console.log(row(`open ${mib} MiB (scrypt + decrypt)`, open, openPeak));
console.log(crashed ? "THE TAB CRASHED" : "no tab crash");
