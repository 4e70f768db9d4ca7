import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesPattern, staticWeb } from "../../src/http/static-web.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** A built web app as the build writes it: the shell, prerendered pages, their manifest, compressed copies. */
function fakeBuild({ manifest = true } = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ts-web-"));
  const write = (file: string, text: string, { compressed = true } = {}) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    if (!compressed) return;
    fs.writeFileSync(path.join(root, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(root, `${file}.gz`), zlib.gzipSync(text));
  };
  write("index.html", "<html>shell</html>");
  write("assets/index-abc123.js", `console.log(${JSON.stringify("x".repeat(5000))});`);
  write("favicon.svg", "<svg></svg>", { compressed: false });
  if (!manifest) return root;
  for (const name of ["home", "login", "check-in", "check-in-link", "access-message", "not-found", "app-dashboard"])
    write(`pages/${name}.html`, `<html>${name}</html>`);
  const page = (pattern: string, name: string, index: boolean, whenQuery: string | null = null) => ({
    pattern,
    whenQuery,
    file: `pages/${name}.html`,
    index,
  });
  const pages = [
    page("/", "home", true),
    page("/login", "login", true),
    page("/check-in", "check-in", true),
    page("/check-in", "check-in-link", false, "token"),
    page("/access/message/:id", "access-message", false),
    page("/dashboard", "app-dashboard", false),
  ];
  const routes = ["/", "/login", "/check-in", "/access/message/:id", "/dashboard", "/message/:id/edit"];
  write("pages/manifest.json", JSON.stringify({ pages, notFound: { file: "pages/not-found.html" }, routes }), {
    compressed: false,
  });
  return root;
}

async function serve(root: string): Promise<FastifyInstance> {
  const app = fastify();
  await app.register(staticWeb, { siteUrl: "https://switch.example", root });
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await serve(fakeBuild());
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding = "br, gzip") =>
  app.inject({ method: "GET", url, headers: { "accept-encoding": acceptEncoding } });
const body = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === "gzip") return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};

describe("the built web app", () => {
  it("sends each file compressed at build time in the best encoding the browser accepts, and says it varies by that", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await get("/assets/index-abc123.js", accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(body(res)).toContain("console.log(");
    }
  });

  it("caches hashed assets for a year and makes the browser revalidate everything else", async () => {
    expect((await get("/assets/index-abc123.js")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/favicon.svg")).headers["cache-control"]).toBe("no-cache");
    expect((await get("/")).headers["cache-control"]).toBe("no-cache");
  });

  it("answers a page the browser already holds with 304 and no body (pages carry their stylesheet inline)", async () => {
    for (const url of ["/", "/dashboard", "/message/123/edit"]) {
      const first = await get(url);
      expect(first.headers.etag, url).toBeTruthy();
      const again = await app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": "br, gzip", "if-none-match": String(first.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
  });

  it("answers a public page with its prerendered HTML, indexable, whatever the spelling", async () => {
    for (const url of ["/", "/login", "/Login/", "/check-in"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["x-robots-tag"], url).toBeUndefined();
    }
    expect(body(await get("/"))).toBe("<html>home</html>");
    expect(body(await get("/Login/"))).toBe("<html>login</html>");
    expect(body(await get("/check-in"))).toBe("<html>check-in</html>");
  });

  it("gives a check-in link and a recipient's link their own page, kept out of search engines", async () => {
    const link = await get("/check-in?token=abc");
    expect(body(link)).toBe("<html>check-in-link</html>");
    expect(link.headers["x-robots-tag"]).toBe("noindex");
    const access = await get("/access/message/5f0c?t=secret");
    expect(body(access)).toBe("<html>access-message</html>");
    expect(access.headers["x-robots-tag"]).toBe("noindex");
  });

  it("gives a signed-in page the app shell made for its route (naming its code), else the common shell, marked noindex", async () => {
    for (const [url, shell] of [
      ["/dashboard", "app-dashboard"],
      ["/Dashboard/", "app-dashboard"],
      ["/message/123/edit", "shell"],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(200);
      expect(body(res), url).toBe(`<html>${shell}</html>`);
      expect(res.headers["x-robots-tag"]).toBe("noindex");
    }
  });

  it("answers an address no route knows with the not-found page and status 404", async () => {
    const res = await get("/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(body(res)).toBe("<html>not-found</html>");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });

  it("keeps API-like paths and other methods to JSON errors", async () => {
    for (const [method, url] of [
      ["GET", "/api/nothing"],
      ["GET", "/auth/v1/nothing"],
      ["PUT", "/login"],
      ["DELETE", "/"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    }
  });

  it("shows a page again when its form was posted before the app took over, without reading what was typed", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/login",
      payload: "email=a%40b.c&password=secret",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login");
    expect((await app.inject({ method: "POST", url: "/no/such/page" })).statusCode).toBe(404);
  });

  it("lists the indexable public pages in sitemap.xml and points robots.txt to it", async () => {
    const sitemap = await get("/sitemap.xml", "identity");
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://switch.example/",
      "https://switch.example/login",
      "https://switch.example/check-in",
    ]);
    const robots = await get("/robots.txt", "identity");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toContain("User-agent: *\n");
    expect(robots.body).toContain("Disallow: /access/\n");
    expect(robots.body).toContain("Disallow: /api/\n");
    expect(robots.body).toContain("Sitemap: https://switch.example/sitemap.xml\n");
  });

  it("serves the shell for every address when the build has no prerendered pages", async () => {
    const old = await serve(fakeBuild({ manifest: false }));
    try {
      for (const url of ["/", "/login", "/no/such/page"]) {
        const res = await old.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toBe("<html>shell</html>");
      }
    } finally {
      await old.close();
    }
  });
});

describe("route patterns", () => {
  it("match like React Router: parameters, any case, an optional trailing slash, nothing more or less", () => {
    expect(matchesPattern("/access/message/:id", "/access/message/abc")).toBe(true);
    expect(matchesPattern("/access/message/:id", "/Access/Message/abc/")).toBe(true);
    expect(matchesPattern("/access/message/:id", "/access/message")).toBe(false);
    expect(matchesPattern("/access/message/:id", "/access/message/a/b")).toBe(false);
    expect(matchesPattern("/", "/")).toBe(true);
    expect(matchesPattern("/login", "/log%69n")).toBe(true);
    expect(matchesPattern("/login", "/%E0%A4%A")).toBe(false);
  });
});

describe("API answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("are compressed above 1 KiB when the client accepts it, and left alone below", async () => {
    const big = await fetch(`${t.url}/docs/json`, { headers: { "accept-encoding": "br" } });
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(big.headers.get("vary")).toContain("accept-encoding");
    expect(Object.keys(((await big.json()) as { paths: object }).paths).length).toBeGreaterThan(10);
    const small = await fetch(`${t.url}/api/meta`, { headers: { "accept-encoding": "br, gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    const plain = await fetch(`${t.url}/docs/json`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("never decompress a request body: a gzip-labelled body is not unpacked", async () => {
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: zlib.gzipSync(JSON.stringify({ email: "a@example.com", password: "whatever-long" })),
    });
    // Unpacked, it would be read as a sign-in with wrong credentials instead.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: "bad_json" });
  });
});
