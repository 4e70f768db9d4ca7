import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { SinkMail } from "./serve-sink";

export const SINK_URL = `http://127.0.0.1:${process.env.E2E_SINK_HTTP_PORT ?? 3126}`;

/** Every mail the SMTP sink received for `to`, oldest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<SinkMail[]> {
  const res = await request.get(`${SINK_URL}/mails?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as SinkMail[];
}

/** Waits for a mail to `to` whose subject matches, and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  timeout = 20_000,
): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect(async () => {
    found = (await mailsTo(request, to)).find((m) => subject.test(m.subject));
    expect(found, `a mail to ${to} with subject ${subject}`).toBeDefined();
  }).toPass({ timeout, intervals: [250] });
  return found!;
}

/** Moves the engine server's test clock forward (TEST_CLOCK; server/src/dev/clock-routes.ts). */
export async function advanceClock(request: APIRequestContext, ms: number): Promise<Date> {
  const res = await request.post("/dev/clock", { data: { advanceMs: ms } });
  expect(res.ok(), await res.text()).toBe(true);
  return new Date(((await res.json()) as { now: string }).now);
}

/** signUp's ReadLink for the engine server: the confirmation mail's first link, from the sink. */
export async function linkFromSink(page: Page, to: string, subject: string): Promise<string> {
  const mail = await waitForMail(page.request, to, new RegExp(`^${subject}$`));
  const link = mail.links[0];
  if (!link) throw new Error(`no link in the "${subject}" mail`);
  return link;
}
