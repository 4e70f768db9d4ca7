import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "@/testing/fake-socket";
import { createRealtimeClient, realtimeUrl } from "./realtime-client";
import { conditionUpdate } from "@/testing/condition-update";

const subscribed = { type: "subscribed", channel: "message_conditions_stable" };

// The first attempt's random draw; just below 1 puts it at the end of its 5 s window.
const lateInTheWindow = () => 0.9999;

function setup(random: () => number = lateInTheWindow) {
  const fake = fakeSockets();
  const onUpdate = vi.fn();
  const onStatus = vi.fn();
  const onResubscribed = vi.fn();
  const client = createRealtimeClient({
    url: "ws://localhost/realtime",
    openSocket: fake.openSocket,
    onUpdate,
    onStatus,
    onResubscribed,
    random,
  });
  return { ...fake, client, onUpdate, onStatus, onResubscribed };
}

describe("the realtime client", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("connects when given a token and authenticates in the first frame", () => {
    const { client, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    client.setToken("token-1");
    expect(last().url).toBe("ws://localhost/realtime");
    last().open();
    expect(last().sent).toEqual([{ type: "auth", access_token: "token-1" }]);
  });

  it("re-sends auth on the open socket when the token is refreshed, and not for the same token", () => {
    const { client, sockets, last } = setup();
    client.setToken("token-1");
    last().open();
    client.setToken("token-1");
    client.setToken("token-2");
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([
      { type: "auth", access_token: "token-1" },
      { type: "auth", access_token: "token-2" },
    ]);
  });

  it("authenticates with the newest token when it changed while connecting", () => {
    const { client, last } = setup();
    client.setToken("token-1");
    client.setToken("token-2");
    last().open();
    expect(last().sent).toEqual([{ type: "auth", access_token: "token-2" }]);
  });

  it("closes on sign-out and does not reconnect", () => {
    const { client, sockets, last } = setup();
    client.setToken("token-1");
    last().open();
    client.setToken(null);
    expect(last().closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("retries a closed channel at most 3 times, 5 seconds apart, the first a random part of 5 s after the drop", () => {
    const { client, sockets, last, onStatus } = setup(() => 0.5);
    client.setToken("token-1");
    last().serverClose();
    vi.advanceTimersByTime(2_499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      last().serverClose();
      vi.advanceTimersByTime(4_999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
    }
    last().serverClose();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(4);
    expect(onStatus).toHaveBeenLastCalledWith("offline");
  });

  it("draws the first attempt's moment at random, so tabs dropped together do not return together", () => {
    for (const [draw, delay] of [
      [0.2, 1_000],
      [0.5, 2_500],
      [0.9999, 4_999],
    ] as const) {
      const { client, sockets, last } = setup(() => draw);
      client.setToken("token-1");
      last().serverClose();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets, `draw ${draw}`).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sockets, `draw ${draw}`).toHaveLength(2);
    }
  });

  it("starts the count afresh after 'subscribed'", () => {
    const { client, sockets, last } = setup();
    client.setToken("token-1");
    last().serverClose();
    vi.advanceTimersByTime(5_000);
    last().serverClose();
    vi.advanceTimersByTime(5_000);
    last().open();
    last().receive(subscribed);
    // Two attempts were used; after subscribed three more are allowed.
    for (let i = 0; i < 3; i += 1) {
      last().serverClose();
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets).toHaveLength(6);
    last().serverClose();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);
  });

  it("treats a channel error as a failure: closes, then retries once", () => {
    const { client, sockets, last } = setup();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    client.setToken("token-1");
    const first = last();
    first.open();
    first.receive({ type: "error", message: "Invalid token" });
    expect(first.closedByClient).toBe(true);
    first.serverClose(4401);
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
  });

  it("connects again with a fresh token after giving up", () => {
    const { client, sockets, last } = setup();
    client.setToken("token-1");
    for (let i = 0; i < 4; i += 1) {
      last().serverClose(4401);
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets).toHaveLength(4);
    client.setToken("token-2");
    expect(sockets).toHaveLength(5);
  });

  it("tries again with a full set of attempts when resumed after giving up, and not while still trying", () => {
    const { client, sockets, last, onStatus } = setup();
    client.setToken("token-1");
    client.resume();
    expect(sockets).toHaveLength(1);
    for (let i = 0; i < 4; i += 1) {
      last().serverClose();
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets).toHaveLength(4);
    expect(onStatus).toHaveBeenLastCalledWith("offline");
    client.resume();
    expect(sockets).toHaveLength(5);
    for (let i = 0; i < 3; i += 1) {
      last().serverClose();
      vi.advanceTimersByTime(5_000);
    }
    expect(sockets).toHaveLength(8);
  });

  it("asks for a refetch when subscribed again after losing the connection, not on the first subscription or a token refresh", () => {
    const { client, last, onResubscribed } = setup();
    client.setToken("token-1");
    last().open();
    last().receive(subscribed);
    client.setToken("token-2");
    last().receive(subscribed);
    expect(onResubscribed).not.toHaveBeenCalled();
    last().serverClose(1001);
    vi.advanceTimersByTime(5_000);
    last().open();
    last().receive(subscribed);
    expect(onResubscribed).toHaveBeenCalledTimes(1);
  });

  it("passes updates on and ignores frames it cannot read", () => {
    const { client, last, onUpdate } = setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    client.setToken("token-1");
    last().open();
    last().receive({ type: "pong" });
    last().receive({ type: "UPDATE", table: "message_conditions", new: { id: "x" }, old: {} });
    expect(onUpdate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    const update = conditionUpdate({ last_checked: "2026-03-10T14:00:00.000Z" });
    last().receive(update);
    expect(onUpdate).toHaveBeenCalledWith(update);
  });

  it("passes a CHANGED frame on as the table that changed, and nothing of it as a condition update", () => {
    const onChanged = vi.fn();
    const fake = fakeSockets();
    const onUpdate = vi.fn();
    const client = createRealtimeClient({
      url: "ws://localhost/realtime",
      openSocket: fake.openSocket,
      onUpdate,
      onChanged,
    });
    client.setToken("token-1");
    fake.last().open();
    fake.last().receive(subscribed);
    fake.last().receive({ type: "CHANGED", table: "access_requests" });
    expect(onChanged).toHaveBeenCalledExactlyOnceWith("access_requests");
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it("uses wss on https pages", () => {
    expect(realtimeUrl({ protocol: "https:", host: "switch.example" })).toBe("wss://switch.example/realtime");
    expect(realtimeUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/realtime");
  });
});
