import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { authRequest } from "@/lib/auth/auth-api";

const alertSchema = z.object({
  device: z.string(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  session_active: z.boolean(),
  handled: z.boolean(),
});
export type SignInAlert = z.infer<typeof alertSchema>;
const actedSchema = z.object({ ended: z.number(), password_reset_sent: z.boolean() });
export type SignInAlertResult = z.infer<typeof actedSchema>;

/** What a new-device e-mail's "This wasn't me" link is about (POST, so the token stays out of addresses and logs). */
export const readSignInAlert = (api: ApiClient, token: string) =>
  authRequest(api, "POST", "/sign-in-alert", alertSchema, { token });

/** `session`: sign that device out. `all`: every device, the password stops working, a reset link is mailed. */
export const actOnSignInAlert = (api: ApiClient, token: string, scope: "session" | "all") =>
  authRequest(api, "POST", "/sign-in-alert/act", actedSchema, { token, scope });
