import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { avatarFile } from "./avatar-store.ts";
import { mimeByExt } from "./image-type.ts";

/**
 * GET /media/avatars/:name. Public because <img> sends no bearer token; names are random.
 * Served with the type we detected at upload, nosniff and a sandbox CSP so a file can never run as a page.
 */
export const mediaRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get<{ Params: { name: string } }>("/media/avatars/:name", async (req, reply) => {
    const file = avatarFile(deps.config.DATA_DIR, req.params.name);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) return reply.status(404).send({ error: { code: "not_found", message: "Not found" } });
    return reply
      .header("Content-Type", mimeByExt[file.split(".").pop()!] ?? "application/octet-stream")
      .header("Content-Length", stat.size)
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; sandbox")
      .header("Cache-Control", "private, max-age=86400, immutable")
      .send(fs.createReadStream(file));
  });
};
