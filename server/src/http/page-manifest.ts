import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

// Written by the web build next to the prerendered pages (web/vite.config.ts): which file answers
// which address, whether search engines may index it, and every route pattern of the app. A page is
// either prerendered content (a public page) or the app shell made for one route (a signed-in page),
// which names that route's code so the browser fetches it with the app's.
const pageSchema = z.object({
  /** A route pattern of the app, e.g. "/login" or "/access/message/:id". */
  pattern: z.string().startsWith("/"),
  /** This page stands for the route only when the address has this query parameter (e.g. "token"). */
  whenQuery: z.string().nullable(),
  /** Path of the HTML file inside the build. */
  file: z.string().regex(/^pages\/[\w-]+\.html$/),
  /** May search engines index it (and is it in the sitemap)? */
  index: z.boolean(),
});
const manifestSchema = z.object({
  pages: z.array(pageSchema),
  /** The not-found page, sent with status 404 for an address no route matches. */
  notFound: z.object({ file: pageSchema.shape.file }),
  routes: z.array(z.string().startsWith("/")),
});

export type PrerenderedPage = z.infer<typeof pageSchema>;
export type PageManifest = z.infer<typeof manifestSchema>;

export const PAGE_MANIFEST_FILE = "pages/manifest.json";

/** The build's page manifest, or null for a build without prerendered pages. A broken one stops the start. */
export function readPageManifest(root: string): PageManifest | null {
  const file = path.join(root, PAGE_MANIFEST_FILE);
  if (!fs.existsSync(file)) return null;
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success)
    throw new Error(`${file} is not a page manifest of this version: rebuild the web app ("npm run build")`);
  return parsed.data;
}
