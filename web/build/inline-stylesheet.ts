import type { Plugin } from "vite";

/**
 * Puts the app's stylesheet inside the HTML, so a page paints after one request instead of two: a
 * prerendered page is usually someone's first visit (a link in a mail), and on a phone's round trip
 * the second request is what they wait for. The `<link>` stays, disabled (never fetched), so that
 * Vite's loader sees the stylesheet is there when code loaded later names it.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: "inline-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        for (const asset of Object.values(bundle ?? {})) {
          if (asset.type !== "asset" || !asset.fileName.endsWith(".css")) continue;
          const link = `<link rel="stylesheet" crossorigin href="/${asset.fileName}">`;
          if (!html.includes(link)) continue;
          html = html.replace(link, () => `<style>${String(asset.source)}</style>${link.replace(">", " disabled>")}`);
        }
        return html;
      },
    },
  };
}
