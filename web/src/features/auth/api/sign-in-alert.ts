import { signInAlertResultSchema, signInAlertSchema } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { authRequest } from "@/lib/auth/auth-api";

/** What a new-device e-mail's "This wasn't me" link is about (POST, so the token stays out of addresses and logs). */
export const readSignInAlert = (api: ApiClient, token: string) =>
  authRequest(api, "POST", "/sign-in-alert", signInAlertSchema, { token });

/** `session`: sign that device out. `all`: every device, the password stops working, a reset link is mailed. */
export const actOnSignInAlert = (api: ApiClient, token: string, scope: "session" | "all") =>
  authRequest(api, "POST", "/sign-in-alert/act", signInAlertResultSchema, { token, scope });
