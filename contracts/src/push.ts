import { z } from "zod";

/**
 * Web Push (RFC 8030/8291/8292) as the owner's reminder channel, and the one-tap "I'm OK" from a
 * notification. A device is one browser's push subscription; it carries a check-in credential that
 * can do nothing but check in (docs/decisions/039).
 */

/** A P-256 public key uncompressed (65 bytes) and the 16-byte auth secret, base64url without padding. */
const P256DH_LENGTH = 87;
const AUTH_LENGTH = 22;
const base64url = /^[A-Za-z0-9_-]+$/;

/** GET /api/push: whether this server sends Web Push, and the VAPID key a browser subscribes with. */
export const pushInfoSchema = z.object({
  available: z.boolean(),
  /** The VAPID public key (base64url), null when push is off. */
  public_key: z.string().nullable(),
});
export type PushInfo = z.infer<typeof pushInfoSchema>;

/** What `PushSubscription.toJSON()` gives; only https push services, keys of the sizes RFC 8291 uses. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ message: "The subscription needs its endpoint" })
    .max(2048, "The endpoint is too long")
    .url("The endpoint must be a web address")
    .refine((u) => u.startsWith("https://"), "The endpoint must be an https address"),
  keys: z.object({
    p256dh: z
      .string()
      .length(P256DH_LENGTH, "keys.p256dh must be a P-256 public key")
      .regex(base64url, "keys.p256dh must be base64url"),
    auth: z
      .string()
      .length(AUTH_LENGTH, "keys.auth must be a 16-byte secret")
      .regex(base64url, "keys.auth must be base64url"),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const PUSH_DEVICE_NAME_MAX = 60;

/** POST /api/push/devices: turn notifications on for this device. */
export const registerPushDeviceBodySchema = z
  .object({
    name: z
      .string({ message: "Name this device" })
      .trim()
      .min(1, "Name this device")
      .max(PUSH_DEVICE_NAME_MAX, `At most ${PUSH_DEVICE_NAME_MAX} characters`),
    subscription: pushSubscriptionSchema,
  })
  .strict();

/** PATCH /api/push/devices/:id: rename. */
export const renamePushDeviceBodySchema = registerPushDeviceBodySchema.pick({ name: true }).strict();

export const pushDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** The last push this device's service accepted, or null. */
  last_push_at: z.string().nullable(),
  /** The last "I'm OK" from this device's notification, or null. */
  last_check_in_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /api/push/devices */
export const pushDevicesSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDevices = z.infer<typeof pushDevicesSchema>;

/**
 * POST /api/push/devices' answer. The credential is shown this once (the server keeps its hash);
 * the service worker keeps it to check in from a notification.
 */
export const registeredPushDeviceSchema = z.object({
  device: pushDeviceSchema,
  check_in_credential: z.string(),
});
export type RegisteredPushDevice = z.infer<typeof registeredPushDeviceSchema>;

/** POST /api/push/check-in, sent by the service worker: the device's credential, nothing else. */
export const pushCheckInBodySchema = z.object({ credential: z.string().min(1).max(200) }).strict();

/** Its answer: the device's holder learns that it worked and the next deadline, nothing more. */
export const pushCheckInAnswerSchema = z.object({
  checked_in_at: z.string(),
  next_deadline: z.string().nullable(),
});
export type PushCheckInAnswer = z.infer<typeof pushCheckInAnswerSchema>;

/** The decrypted payload of a push: what the service worker shows. */
export const pushPayloadSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("reminder"),
    title: z.string(),
    body: z.string(),
    /** The deadline the reminder is about (ISO 8601). */
    deadline_at: z.string(),
    /** Replaces an earlier reminder's notification instead of stacking. */
    tag: z.string(),
  }),
  /** "Send a test notification" from Security. */
  z.object({ kind: z.literal("test"), title: z.string(), body: z.string(), tag: z.string() }),
]);
export type PushPayload = z.infer<typeof pushPayloadSchema>;
