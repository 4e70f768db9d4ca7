/**
 * Wraps a plain-text body and one call-to-action link into the simple HTML every e-mail shares;
 * `links` are further, quieter links under the button (a mail that offers two ways on).
 */
export function renderMail(opts: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  links?: { label: string; url: string }[];
  footer?: string;
}): {
  text: string;
  html: string;
} {
  const text = [
    opts.heading,
    "",
    ...opts.paragraphs.flatMap((p) => [p, ""]),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ""] : []),
    ...(opts.links ?? []).flatMap((l) => [`${l.label}: ${l.url}`, ""]),
    opts.footer ?? "— Trigger Switch",
  ].join("\n");
  const button = opts.action
    ? `<p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;padding:10px 18px;background:#15803d;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:12px;color:#555">Or paste this address into your browser: ${escapeHtml(opts.action.url)}</p>`
    : "";
  const links = (opts.links ?? [])
    .map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>: ${escapeHtml(l.url)}</p>`)
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px">
<h2>${escapeHtml(opts.heading)}</h2>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${button}${links ? `\n${links}` : ""}
<p style="font-size:12px;color:#555">${escapeHtml(opts.footer ?? "— Trigger Switch")}</p>
</body></html>`;
  return { text, html };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
