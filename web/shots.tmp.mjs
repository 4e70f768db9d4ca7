import { chromium } from "@playwright/test";
const BASE = process.env.BASE ?? "http://localhost:4450";
const OUT = "/tmp/ow-shots";
const email = `ada.lovelace.${Date.now()}@analytical-engine.example.com`;
const password = "a long enough passphrase";
const j = (r) => r.json();
async function api(token, method, path, body) {
  const res = await fetch(BASE + path, { method, headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const signup = await fetch(BASE + "/auth/v1/signup", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }).then(j);
void signup;
const tok = await fetch(BASE + "/auth/v1/token?grant_type=password", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }).then(j);
const token = tok.access_token;
if (!token) throw new Error("no token " + JSON.stringify(tok));
await api(token, "PUT", "/api/profile", { first_name: "Ada", last_name: "Lovelace", whatsapp_number: "+44 7700 900123", time_zone: "Europe/London" });
const grace = await api(token, "POST", "/api/recipients", { name: "Grace Hopper", email: "grace@example.com" });
const m1 = await api(token, "POST", "/api/messages", { title: "For Grace", text_content: "The papers are in the blue folder, second drawer." });
await api(token, "PUT", `/api/messages/${m1.id}/recipients`, { recipient_ids: [grace.id] });
await api(token, "POST", `/api/messages/${m1.id}/conditions`, { condition_type: "no_check_in", hours_threshold: 10, minutes_threshold: 20, reminder_hours: [60] });
await api(token, "POST", `/api/messages/${m1.id}/conditions`, { condition_type: "recurring_check_in", recurring_pattern: { kind: "every_n_days", every_days: 1, at: "09:00", grace_minutes: 60, time_zone: "Europe/London" } });
const m2 = await api(token, "POST", "/api/messages", { title: "I need help now", text_content: "I am in trouble. Here is where I am." });
await api(token, "PUT", `/api/messages/${m2.id}/recipients`, { recipient_ids: [grace.id] });
await api(token, "POST", `/api/messages/${m2.id}/conditions`, { condition_type: "panic_trigger", panic_config: { keep_armed: true } });
const m3 = await api(token, "POST", "/api/messages", { title: "On my birthday", text_content: "Happy birthday." });
await api(token, "PUT", `/api/messages/${m3.id}/recipients`, { recipient_ids: [grace.id] });
await api(token, "POST", `/api/messages/${m3.id}/conditions`, { condition_type: "inactivity_to_date", deliver_at: new Date(Date.now() + 5 * 86400000).toISOString() });
await api(token, "POST", "/api/check-in", {});

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (const [w, h, tag, locale] of [[1280, 900, "1280", "en-GB"], [375, 740, "375", "en-US"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale, permissions: [] });
  const page = await ctx.newPage();
  await page.goto(BASE + "/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/dashboard/, { timeout: 60000 }).catch(async (e) => { await page.screenshot({ path: `${OUT}/${tag}-login-fail.png` }); throw e; });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${tag}-dashboard.png`, fullPage: true });
  if (w >= 768) {
    const centres = await page.evaluate(() => {
      const mid = (el) => { const r = el.getBoundingClientRect(); return Math.round((r.top + r.height / 2) * 10) / 10; };
      const avatar = document.querySelector('[aria-label="Open user menu"] span');
      const messages = [...document.querySelectorAll("header a")].find((a) => a.textContent?.trim() === "Messages");
      return { avatar: avatar && mid(avatar), messages: messages && mid(messages) };
    });
    console.log("header centres", JSON.stringify(centres));
  }
  await page.goto(BASE + `/message/${m1.id}`); await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${tag}-message.png`, fullPage: true });
  await page.goto(BASE + `/message/${m3.id}`); await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${tag}-message-cancelled.png`, fullPage: true });
  await page.goto(BASE + `/message/${m1.id}/edit`); await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${tag}-edit.png`, fullPage: true });
  await page.goto(BASE + "/profile"); await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${tag}-profile.png`, fullPage: false });
  await page.goto(BASE + "/recipients"); await page.waitForTimeout(1000);
  await page.getByRole("button", { name: "Add recipient" }).first().click(); await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/${tag}-recipient-dialog.png` });
  await page.keyboard.press("Escape");
  await page.goto(BASE + "/dashboard"); await page.waitForTimeout(1200);
  if (w < 768) {
    await page.getByRole("button", { name: /Ada Lovelace/ }).click(); await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/${tag}-mobile-menu.png` });
    await page.getByRole("button", { name: /Ada Lovelace/ }).click();
  }
  await page.getByRole("button", { name: "Emergency" }).click(); await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}/${tag}-emergency-confirm.png` });
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();
  await page.getByRole("button", { name: /CLICK TO CANCEL/ }).waitFor({ timeout: 20000 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${OUT}/${tag}-emergency-countdown.png` });
  const covered = await page.evaluate(() => {
    const b = [...document.querySelectorAll("button")].find((x) => /CLICK TO CANCEL/.test(x.textContent ?? ""));
    if (!b) return "no button";
    const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return b.contains(top) ? `free ${Math.round(r.width)}x${Math.round(r.height)}` : `covered by ${top?.outerHTML.slice(0, 80)}`;
  });
  console.log(tag, "cancel button", covered);
  await page.getByRole("button", { name: /CLICK TO CANCEL/ }).click({ timeout: 5000 }).catch((e) => console.log(tag, "cancel click failed", e.message.split("\n")[0])); await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/${tag}-emergency-cancelled.png` });
  await page.goto(BASE + "/diagnostic"); await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${tag}-diagnostic.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
console.log("done", email);
