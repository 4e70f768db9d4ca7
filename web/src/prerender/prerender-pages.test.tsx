import { describe, expect, it } from "vitest";
import { notFoundPage, pagesToPrerender, renderPage, renderShell, routePatterns } from "./prerender-pages";

const template = `<!doctype html><html lang="en"><head>
<!--app-head-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

const byName = (name: string) => {
  const page = [...pagesToPrerender, notFoundPage].find((p) => p.name === name);
  if (!page) throw new Error(name);
  return page;
};

/** Pages whose content comes from the API with the link's token: prerendered, they show only their loading state. */
const PERSONAL_LINKS = [
  "check-in-link",
  "access-message",
  "contact-invitation-link",
  "contact-question-link",
  "contact-link",
  "access-request-deny-link",
];

describe("the prerendered pages", () => {
  it("paint the home page's content with its own title and description, for the app to hydrate", async () => {
    const { html, index } = await renderPage(template, byName("home"));
    expect(html).toContain("<title>Trigger Switch — your words, delivered when it matters</title>");
    expect(html).toContain('<meta name="description" content="Write messages for the people you love.');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain("If something happens to you, the right people will know.");
    // The header works before any script: the visitor's links, and the phone menu as a native popover.
    expect(html).toContain('popover="auto"');
    expect(html).toContain('href="/login"');
    expect(html).toContain("Four ways a message can be released");
    expect(index).toBe(true);
  });

  it("need no script of their own: nothing is left waiting for code or revealed by an inline script", async () => {
    for (const page of [...pagesToPrerender, notFoundPage]) {
      const { html } = await renderPage(template, page);
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, page.url).not.toContain("<script");
      expect(root, page.url).not.toContain("<!--$?-->");
      expect(root.match(/<h1[ >]/g) ?? [], page.url).toHaveLength(PERSONAL_LINKS.includes(page.name) ? 0 : 1);
    }
  });

  it("show the sign-in form itself, sent by POST if it is submitted before the app takes over", async () => {
    const { html } = await renderPage(template, byName("login"));
    expect(html).toContain("<title>Sign in · Trigger Switch</title>");
    expect(html).toMatch(/<form method="post"/);
    expect(html).not.toMatch(/<form(?![^>]*method="post")/);
    expect(html).toContain('type="password"');
  });

  it("keep a form's fields and buttons disabled until the app can act on them, so no typing is lost", async () => {
    for (const name of ["login", "register", "forgot-password"]) {
      const { html } = await renderPage(template, byName(name));
      expect(html, name).toMatch(/<form method="post"[^>]*><fieldset disabled="" aria-busy="true"/);
    }
  });

  it("keep a check-in link, a recipient's link, a trusted contact's pages, the Deny link and the not-found page out of search engines", async () => {
    for (const name of [
      ...PERSONAL_LINKS,
      "contact-invitation",
      "contact-question",
      "contact",
      "access-request-deny",
      "not-found",
    ]) {
      const { html, index } = await renderPage(template, byName(name));
      expect(html, name).toContain('<meta name="robots" content="noindex" />');
      expect(index, name).toBe(false);
    }
    expect((await renderPage(template, byName("access-message"))).html).toContain("Secure Message Access");
  });

  it("tell a trusted contact or an owner who opened a page without its link's token that the link is incomplete", async () => {
    for (const name of ["contact-invitation", "contact-question", "contact", "access-request-deny"]) {
      const { html } = await renderPage(template, byName(name));
      expect(html, name).toContain("This link is incomplete");
    }
  });

  it("give every other page a shell with the loading screen and the generic title, drawn again by the app", async () => {
    const html = await renderShell(template);
    expect(html).toContain('<div id="root"><');
    expect(html).not.toContain("data-prerendered");
    expect(html).toContain("Loading...");
    expect(html).toContain("<title>Trigger Switch</title>");
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it("list every route of the app for the server, parameters included, without the catch-all", () => {
    const patterns = routePatterns();
    expect(patterns).toEqual(
      expect.arrayContaining([
        "/",
        "/login",
        "/check-in",
        "/contact",
        "/contact/invitation",
        "/contact/question",
        "/access-request/deny",
        "/access/message/:id",
        "/diagnostic",
        "/diagnostic/message/:id",
        "/dashboard",
        "/message/:id",
        "/message/:id/edit",
        "/admin",
      ]),
    );
    expect(patterns.some((p) => p.includes("*"))).toBe(false);
    expect(patterns).not.toContain("/access");
  });
});
