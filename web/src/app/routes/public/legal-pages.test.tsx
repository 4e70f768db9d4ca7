import { describe, expect, it } from "vitest";
import { pagesToPrerender, renderPage } from "@/prerender/prerender-pages";

const template = `<!doctype html><html lang="en"><head>
<!--app-head-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

/** The page's words as the prerendered HTML shows them, before any script or /api call. */
async function prerenderedText(name: "terms" | "privacy"): Promise<string> {
  const page = pagesToPrerender.find((p) => p.name === name)!;
  const { html } = await renderPage(template, page);
  const root = html.slice(html.indexOf('<div id="root"'));
  const doc = new DOMParser().parseFromString(root, "text/html");
  doc.querySelectorAll("header, footer, nav").forEach((el) => el.remove());
  return (doc.body.textContent ?? "").replace(/\s+/g, " ");
}

describe("the terms and the privacy notice, as prerendered", () => {
  it("send people to the app's own buttons to download their data and delete their account, not to the operator", async () => {
    for (const name of ["terms", "privacy"] as const) {
      const text = await prerenderedText(name);
      expect(text, name).toMatch(/under “Your data”/i);
      expect(text, name).not.toMatch(/not available yet/i);
      expect(text, name).not.toMatch(/write to .{0,80}(delete|copy of your data)/i);
    }
    const privacy = await prerenderedText("privacy");
    expect(privacy).toContain("“Download my data”");
    expect(privacy).toContain("“Delete my account”");
  });

  it("name WhatsApp and SMS where the service offers them, true whatever this server offers", async () => {
    const privacy = await prerenderedText("privacy");
    expect(privacy).toContain(
      "each recipient of that message is notified with a private link: by e-mail, and by WhatsApp or SMS where this service offers them",
    );
    expect(privacy).toContain(
      "Reminders before a deadline are sent to you by e-mail and, where this service offers them",
    );
    expect(privacy).not.toMatch(/notified by e-mail with a private link/);
    const terms = await prerenderedText("terms");
    expect(terms).toContain("by e-mail and, where this service offers them, by WhatsApp or SMS");
    expect(terms).not.toContain("Paid plans are not offered yet");
  });

  it("say what remains after a deletion and for how long", async () => {
    const privacy = await prerenderedText("privacy");
    expect(privacy).toContain("What remains, and for how long:");
    expect(privacy).toContain("an e-mail handed to a recipient's mail server");
    expect(privacy).toContain("is removed once it is 7 days old");
    expect(privacy).toContain("their audit log keeps your e-mail address");
    expect(privacy).toContain("your data remains in a backup until that backup is replaced");
  });
});
