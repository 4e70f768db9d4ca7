import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

/** The built web app, with an SPA fallback: unknown GET paths outside the API get index.html. */
export const staticWeb = fp(async (app) => {
  if (!fs.existsSync(path.join(webDist, "index.html"))) {
    app.log.warn(`web app not built (${webDist} missing): run "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (res, file) =>
      res.header("Cache-Control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache"),
  });
  app.setNotFoundHandler((req, reply) => {
    const apiLike = /^\/(api|auth|functions|dev|media|docs)(\/|$)/.test(req.url);
    if (req.method !== "GET" || apiLike) return reply.status(404).send({ error: { code: "not_found", message: "Not found" } });
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").sendFile("index.html");
  });
});
