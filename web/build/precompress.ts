import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes brotli (11) and gzip (9) copies of every text file under `dir`, where smaller, for the
 * server to send as they are (`preCompressed` in server/src/http/static-web.ts): compressing once
 * at build time costs nothing per request.
 */
export async function precompress(dir: string): Promise<void> {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => compressible.test(file) && file !== path.join("pages", "manifest.json"));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const bytes = fs.readFileSync(full);
      const quality = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      };
      const copies = [
        [".br", await brotli(bytes, { params: quality })],
        [".gz", await gzip(bytes, { level: 9 })],
      ] as const;
      for (const [suffix, packed] of copies) if (packed.length < bytes.length) fs.writeFileSync(full + suffix, packed);
    }),
  );
}
