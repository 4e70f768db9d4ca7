import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const TOKEN = "metrics-token-0123456789abcdef";
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  ({ t } = await engineAppWithSink({ METRICS_TOKEN: TOKEN }));
  off = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrape = (app: TestApp, token?: string) =>
  fetch(`${app.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Parses the text format into `name{labels}` → value, and checks every sample line is well formed. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const m = /^([a-z_:][a-z0-9_:]*(?:\{[^}]*\})?) (-?[0-9.e+-]+|NaN|\+Inf)$/i.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    samples.set(m[1]!, Number(m[2]));
  }
  return samples;
}

describe("/metrics", () => {
  it("is in the OpenAPI document, as is the Stripe webhook", async () => {
    const doc = (await (await fetch(`${off.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/metrics",
        "/webhooks/stripe",
        "/api/billing",
        "/api/billing/checkout",
        "/api/billing/portal",
        "/api/billing/cancel",
        "/api/billing/resume",
        "/api/billing/invoices",
      ]),
    );
  });

  it("is off without METRICS_TOKEN", async () => {
    expect((await scrape(off)).status).toBe(404);
    expect((await scrape(off, "anything-at-all-long-enough")).status).toBe(404);
  });

  it("wants the token as a bearer token", async () => {
    const none = await scrape(t);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/Bearer/);
    expect((await scrape(t, "wrong-token-0123456789abcdef")).status).toBe(401);
  });

  it("reports backlog, lateness, sends, failures, heartbeats and HTTP latency in the text format", async () => {
    const { owner } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 2);
    await owner.api("/api/messages");
    await travel(t, HOUR);
    let samples = parse(await (await scrape(t, TOKEN)).text());
    expect(samples.get('trigger_switch_engine_due_backlog{type="final_delivery"}')).toBe(1);
    expect(samples.get("trigger_switch_engine_oldest_due_lateness_seconds")).toBe(0);
    await tick(t);
    const res = await scrape(t, TOKEN);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    samples = parse(await res.text());
    expect(samples.get('trigger_switch_engine_due_backlog{type="final_delivery"}')).toBe(0);
    // The two recipients' mails and the owner's release notice.
    expect(samples.get('trigger_switch_delivery_attempts_total{channel="email",status="sent"}')).toBe(3);
    expect(samples.get('trigger_switch_delivery_lateness_seconds{quantile="0.5"}')).toBe(0);
    expect(samples.get("trigger_switch_delivery_failures_last_hour")).toBe(0);
    expect([...samples.keys()].some((k) => k.startsWith("trigger_switch_engine_heartbeat_age_seconds{"))).toBe(true);
    // The route pattern, not the URL; and the count matches the bucket at +Inf.
    const count = samples.get(
      'trigger_switch_http_request_duration_seconds_count{method="GET",route="/api/messages",status="2xx"}',
    );
    expect(count).toBe(1);
    expect(
      samples.get(
        'trigger_switch_http_request_duration_seconds_bucket{method="GET",route="/api/messages",status="2xx",le="+Inf"}',
      ),
    ).toBe(1);
  });
});
