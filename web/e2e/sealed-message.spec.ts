import pg from "pg";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ageDecrypt, ageEncrypt } from "./support/age-cli";
import { MAILBOX_KEY } from "./support/mailbox";
import { filesUnder, startOwnServer, type OwnServer } from "./support/sealed-server";
import { accessToken, signUp } from "./support/sign-up";
import { shot } from "./support/shot";

/**
 * A sealed message, end to end: the owner seals text and a file in the editor, the switch fires on
 * the test clock, the recipient opens the link, types the passphrase and reads both — in the
 * browser and with Debian's `age` tool — and a file made with `age -p` opens in the browser. A
 * marker in the text and the file is looked for in every request body the browsers sent, the
 * database (every row of every table), every file under DATA_DIR, the log and the local mailbox.
 */
const PORT = Number(process.env.E2E_SEALED_PORT ?? 3140);
const MARKER = `sealed-marker-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const TEXT = `Dear Sam,\nthe deeds are in the green folder. ${MARKER}\nLove, Ada`;
const FILE_TEXT = `Bank: Northern Savings\nAccount note: ${MARKER}\n`;
const FIRST_PASSPHRASE = "quartz lantern meadow oblique falcon thimble";
/** The owner changes the passphrase before the release: the recipient gets text and file under this one. */
const PASSPHRASE = "harbour violet ginger cobalt pelican sundial";
const HINT = "The bakery where we met";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ts-sealed-"));

let server: OwnServer;
const bodies: { url: string; body: Buffer }[] = [];

test.use({ baseURL: `http://localhost:${PORT}` });
test.beforeAll(async () => {
  server = await startOwnServer(PORT);
});
test.afterAll(async () => {
  await server?.stop();
});

async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `${name}-1280`);
}
/** Every request body this context sends, as it leaves the browser. */
async function recordBodies(context: BrowserContext) {
  await context.route("**/*", async (route) => {
    const body = route.request().postDataBuffer();
    if (body) bodies.push({ url: route.request().url(), body });
    await route.continue();
  });
}
const holdsMarker = (bytes: Buffer) =>
  [MARKER, Buffer.from(MARKER).toString("base64").slice(0, 24), Buffer.from(MARKER).toString("hex")].some((form) =>
    bytes.includes(form),
  );
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; file: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  const target = path.join(tmp, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), file: target };
}

test("a sealed message: sealed in the browser, released, opened by the recipient and by `age -d`; no plaintext reaches the server", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  await recordBodies(page.context());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "sealed");
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const sam = `sam-${Date.now()}@example.com`;
  const recipient = await (
    await request.post("/api/recipients", { headers, data: { name: "Sam Okafor", email: sam } })
  ).json();
  const created = await request.post("/api/messages", { headers, data: { title: "For Sam", text_content: "" } });
  const { id } = (await created.json()) as { id: string };
  await request.put(`/api/messages/${id}/recipients`, { headers, data: { recipient_ids: [recipient.id] } });
  const condition = await request.post(`/api/messages/${id}/conditions`, {
    headers,
    data: { condition_type: "no_check_in", minutes_threshold: 5 },
  });
  expect(condition.ok(), await condition.text()).toBe(true);

  // The owner writes the text, attaches a file and seals both.
  await page.goto(`/message/${id}/edit`);
  await page.getByLabel("Message", { exact: true }).fill(TEXT);
  await page.getByLabel("Attach files").setInputFiles({
    name: "accounts.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(FILE_TEXT),
  });
  await page.getByRole("switch", { name: "Seal with a passphrase" }).click();
  await expect(page.getByText(/The title is not sealed/)).toBeVisible();
  // A weak passphrase is refused, with the reason.
  await page.getByLabel("Passphrase", { exact: true }).fill("correct horse battery staple");
  await page.getByRole("button", { name: "Save changes" }).click();
  const fieldAlert = (text: RegExp | string) => page.getByRole("alert").filter({ hasText: text });
  await expect(
    fieldAlert(/could be found in about 2\^\d+ guesses; a sealed message needs at least 2\^75/),
  ).toBeVisible();
  await page.getByLabel("Passphrase", { exact: true }).fill(FIRST_PASSPHRASE);
  await expect(page.getByText(/Strong enough: about 2\^\d+ guesses/)).toBeVisible();
  await page.getByLabel("Hint for your recipients (optional)").fill(HINT);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(fieldAlert("Confirm that each recipient knows the passphrase, or where to find it.")).toBeVisible();
  await page.getByLabel(/I have told each recipient the passphrase/).check();
  await page.getByRole("button", { name: "Show passphrase" }).click();
  await bothWidths(page, "90-sealed-editor");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Sealing in your browser…" })).toBeVisible();
  // scrypt at age's default work factor, once for the text and once per file: seconds on a busy machine.
  await expect(page).toHaveURL(new RegExp(`/message/${id}$`), { timeout: 120_000 });

  // The owner's own view: sealed, opened with the passphrase.
  await expect(page.getByText("Sealed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/This message is sealed. Enter its passphrase/)).toBeVisible();
  await bothWidths(page, "91-sealed-owner-locked");
  await page.getByLabel("Passphrase", { exact: true }).fill(FIRST_PASSPHRASE);
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.getByText(MARKER)).toBeVisible({ timeout: 90_000 });
  await bothWidths(page, "92-sealed-owner-open");

  // The owner changes the passphrase: text and file are sealed again in the browser.
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Passphrase", { exact: true }).fill(FIRST_PASSPHRASE);
  await page.getByRole("button", { name: "Open to edit" }).click();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(TEXT, { timeout: 90_000 });
  await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
  await expect(page.getByText(/Strong enough: about 2\^\d+ guesses/)).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/message/${id}$`), { timeout: 120_000 });
  await expect(page.getByRole("list", { name: "Sealed attachments" }).getByText("accounts.txt")).toBeVisible();

  // The switch fires: five minutes pass on the test clock without a check-in.
  expect((await request.post("/dev/clock", { data: { advanceMs: 6 * 60_000 } })).ok()).toBe(true);
  let link = "";
  await expect(async () => {
    const mails = (await (await request.get(`/dev/mailbox/messages.json?key=${MAILBOX_KEY}&to=${sam}`)).json()) as {
      text: string;
    }[];
    link = /https?:\/\/\S+\/access\/message\/\S+/.exec(mails.map((m) => m.text).join("\n"))?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 90_000 });

  // The recipient, in a browser of their own.
  const context = await browser.newContext({ locale: "en-GB", acceptDownloads: true });
  await recordBodies(context);
  const reader = await context.newPage();
  await reader.setViewportSize({ width: 1280, height: 900 });
  await reader.goto(link);
  await expect(reader.getByText(`Hint: ${HINT}`)).toBeVisible();
  await bothWidths(reader, "93-sealed-access-locked");
  await reader.getByLabel("Passphrase", { exact: true }).fill("quartz lantern meadow oblique falcon");
  await reader.getByRole("button", { name: "Open", exact: true }).click();
  await expect(reader.getByText("That passphrase does not open this message.", { exact: false })).toBeVisible({
    timeout: 90_000,
  });
  await shot(reader, "94-sealed-access-wrong-1280");
  await reader.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
  await reader.getByRole("button", { name: "Open", exact: true }).click();
  await expect(reader.getByTestId("message-text")).toContainText(MARKER, { timeout: 90_000 });
  await bothWidths(reader, "95-sealed-access-open");

  // The file, opened in the browser; then the .age files, opened with Debian's age tool.
  const opened = await download(reader, () =>
    reader.getByRole("button", { name: "Download accounts.txt", exact: true }).click(),
  );
  expect(opened.name).toBe("accounts.txt");
  expect(fs.readFileSync(opened.file, "utf8")).toBe(FILE_TEXT);
  const sealedFile = await download(reader, () =>
    reader.getByRole("button", { name: "Download accounts.txt.age (still sealed)" }).click(),
  );
  const sealedText = await download(reader, () =>
    reader.getByRole("button", { name: "Download the text as message.age" }).click(),
  );
  for (const [age, expected] of [
    [sealedFile.file, FILE_TEXT],
    [sealedText.file, TEXT],
  ] as const) {
    const out = `${age}.out`;
    const run = await ageDecrypt(age, out, PASSPHRASE);
    expect(run.code, run.output).toBe(0);
    expect(fs.readFileSync(out, "utf8")).toBe(expected);
    expect((await ageDecrypt(age, `${out}.wrong`, "not the passphrase")).code).not.toBe(0);
  }

  // A file sealed with `age -p` at the command line opens on the access page.
  const cliPlain = path.join(tmp, "from-the-cli.txt");
  fs.writeFileSync(cliPlain, `Made with age -p. ${MARKER}\n`);
  const encrypted = await ageEncrypt(cliPlain, `${cliPlain}.age`, PASSPHRASE);
  expect(encrypted.code, encrypted.output).toBe(0);
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(`${cliPlain}.age`)]), "from-the-cli.txt");
  const uploaded = await fetch(`${server.url}/api/messages/${id}/attachments?sealed=true`, {
    method: "POST",
    headers,
    body: form,
  });
  expect(uploaded.status, await uploaded.text()).toBe(201);
  await reader.reload();
  await reader.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
  await reader.getByRole("button", { name: "Open", exact: true }).click();
  await expect(reader.getByTestId("message-text")).toContainText(MARKER, { timeout: 90_000 });
  const cli = await download(reader, () =>
    reader.getByRole("button", { name: "Download from-the-cli.txt", exact: true }).click(),
  );
  expect(fs.readFileSync(cli.file, "utf8")).toBe(fs.readFileSync(cliPlain, "utf8"));
  await context.close();

  // Nothing on the server side ever held the marker.
  expect(
    bodies.some((b) => b.url.includes("/attachments?sealed=true") && b.body.includes("age-encryption.org/v1")),
  ).toBe(true);
  expect(bodies.filter((b) => holdsMarker(b.body)).map((b) => b.url)).toEqual([]);
  const outbox = await (await request.get(`/dev/mailbox/messages.json?key=${MAILBOX_KEY}`)).text();
  expect(outbox).toContain("/access/message/");
  expect(outbox).not.toContain(MARKER);
  // The dump goes through the running server's embedded PostgreSQL; then its files, stopped, are scanned too.
  expect(await databaseHolds(server.dataDir, MARKER)).toEqual([]);
  await server.stop();
  expect(
    filesUnder(server.dataDir)
      .filter((f) => holdsMarker(f.bytes))
      .map((f) => f.file),
  ).toEqual([]);
  const log = fs.readFileSync(server.logFile);
  expect(log.length).toBeGreaterThan(0);
  expect(holdsMarker(log)).toBe(false);
});

/**
 * A dump of the running server's embedded database (PostgreSQL on its socket in DATA_DIR/postgres,
 * decision 035): every row of every table as text, searched for `marker`.
 */
async function databaseHolds(dataDir: string, marker: string): Promise<string[]> {
  const socketDir = path.join(dataDir, "postgres");
  if (!fs.existsSync(path.join(socketDir, ".s.PGSQL.5432")))
    throw new Error(`no embedded PostgreSQL socket in ${socketDir}: dump this server's database another way`);
  const db = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await db.connect();
  try {
    const tables = await db.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    expect(tables.rows.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const dump = await db.query<{ rows: string | null }>(
        `select string_agg(t::text, E'\\n') as rows from "${name}" t`,
      );
      if (holdsMarker(Buffer.from(dump.rows[0]?.rows ?? ""))) found.push(name);
    }
    expect(marker).toBeTruthy();
    return found;
  } finally {
    await db.end();
  }
}
