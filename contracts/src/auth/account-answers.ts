import { z } from "zod";

/*
 * The answers of our /auth/v1 additions (docs/decisions/017, 026) that the web reads. The server's
 * operations return these types and the web parses with these schemas, so neither side keeps a copy.
 */

/** GET /auth/v1/user/sessions: one live session of the account. */
export const authSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  aal: z.string(),
  created_at: z.string(),
  /** The last time the session's tokens were refreshed (about hourly while in use). */
  last_used_at: z.string(),
  current: z.boolean(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** GET /auth/v1/user/security-log: one event, newest first. */
export const securityEventSchema = z.object({
  id: z.number(),
  kind: z.string(),
  created_at: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  detail: z.record(z.string(), z.string()),
});
export type SecurityEventView = z.infer<typeof securityEventSchema>;

/** GET /auth/v1/user/recovery-codes: how many unused codes are left (never the codes). */
export const recoveryCodesStatusSchema = z.object({
  total: z.number(),
  remaining: z.number(),
  created_at: z.string().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

/** POST /auth/v1/user/recovery-codes: a new set, the only time the codes are shown. */
export const recoveryCodesMadeSchema = z.object({ codes: z.array(z.string()), created_at: z.string() });
export type RecoveryCodesMade = z.infer<typeof recoveryCodesMadeSchema>;

/**
 * The tokens of the raised session POST /auth/v1/user/recovery-codes/verify answers; the web hands
 * them to auth-js, which reads the rest of GoTrue's session itself.
 */
export const sessionTokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/** POST /auth/v1/sign-in-alert: what a new-device e-mail's "This wasn't me" link is about. */
export const signInAlertSchema = z.object({
  device: z.string(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  /** Whether that session is still signed in. */
  session_active: z.boolean(),
  /** The link was already used to end sessions. */
  handled: z.boolean(),
});
export type SignInAlert = z.infer<typeof signInAlertSchema>;

/** POST /auth/v1/sign-in-alert/act: how many sessions ended, and whether a reset link was mailed. */
export const signInAlertResultSchema = z.object({ ended: z.number(), password_reset_sent: z.boolean() });
export type SignInAlertResult = z.infer<typeof signInAlertResultSchema>;

/**
 * GET /auth/v1/settings, the fields the web reads of GoTrue's settings: which sign-in methods are
 * on (`external`), the password policy's minimum and how phone codes can be sent.
 */
export const authSettingsSchema = z.object({
  external: z.record(z.string(), z.boolean()),
  password_min_length: z.number().int().positive().optional(),
  mfa_phone_channels: z.array(z.enum(["sms", "whatsapp"])).optional(),
});
export type AuthSettingsAnswer = z.infer<typeof authSettingsSchema>;
