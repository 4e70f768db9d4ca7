import type https from "node:https";
import type { PushPayload } from "@trigger-switch/contracts";
import webpush from "web-push";
import type { Clock } from "../clock.ts";
import { retryAfterMs, saysRetryAfter } from "../channels/retry-after.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** Where one device's pushes go: its subscription as the browser gave it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * A push the push service did not take. `gone` (404/410): the subscription no longer exists and
 * the device is to be removed; `permanent`: the same push will not succeed later (other 4xx);
 * otherwise (429, 5xx, no answer) it may be tried again.
 */
export class PushRefused extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly gone: boolean,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "PushRefused";
  }
}

export interface PushSender {
  /** False when WEB_PUSH=false: nothing can be sent and devices cannot be registered. */
  readonly available: boolean;
  /** The VAPID public key browsers subscribe with, or null when push is off. */
  readonly publicKey: string | null;
  /**
   * Encrypts the payload for the subscription (RFC 8291, aes128gcm), signs a VAPID JWT for the
   * endpoint's origin and POSTs it; resolves when the push service accepted it (201), throws
   * PushRefused otherwise.
   */
  send(
    target: PushTarget,
    payload: PushPayload,
    opts: { ttlSeconds: number; urgency: "normal" | "high" },
  ): Promise<void>;
}

/** A push that has not been accepted within this long is a temporary failure (tried again later). */
const SEND_TIMEOUT_MS = 10_000;

/** `agent`: the TLS agent for push services (tests pass one that trusts their local service). */
export function createPushSender({
  keys,
  clock,
  agent,
}: {
  keys: VapidKeys | null;
  clock: Clock;
  agent?: https.Agent;
}): PushSender {
  return {
    available: keys !== null,
    publicKey: keys?.publicKey ?? null,
    async send(target, payload, opts) {
      if (!keys) throw new PushRefused("Web Push is turned off on this server (WEB_PUSH=false).", null, false, true);
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: keys,
            TTL: opts.ttlSeconds,
            urgency: opts.urgency,
            contentEncoding: "aes128gcm",
            timeout: SEND_TIMEOUT_MS,
            ...(agent ? { agent } : {}),
          },
        );
      } catch (err) {
        throw refusalOf(err, clock.now().getTime());
      }
    },
  };
}

function refusalOf(err: unknown, now: number): PushRefused {
  if (!(err instanceof webpush.WebPushError)) {
    const message = err instanceof Error ? err.message : String(err);
    return new PushRefused(`The push service could not be reached: ${message}`.slice(0, 300), null, false, false);
  }
  const status = err.statusCode;
  const said = err.body ? `: ${String(err.body).slice(0, 200)}` : "";
  if (status === 404 || status === 410)
    return new PushRefused(`The push service says this subscription is gone (${status})`, status, true, true);
  if (status === 429 || status >= 500) {
    const headers = err.headers as Record<string, string | undefined>;
    const wait = saysRetryAfter(status) ? retryAfterMs(headers["retry-after"], { date: headers.date, now }) : null;
    return new PushRefused(`The push service answered ${status}${said}`, status, false, false, wait ?? undefined);
  }
  return new PushRefused(`The push service refused the push (${status})${said}`, status, false, true);
}
