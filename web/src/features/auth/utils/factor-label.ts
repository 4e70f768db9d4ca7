import type { Factor } from "@supabase/auth-js";

/** How a factor is named to its owner: its own name, else what it is. */
export function factorLabel(f: Pick<Factor, "friendly_name" | "factor_type"> & { phone?: string }): string {
  if (f.friendly_name) return f.friendly_name;
  if (f.factor_type === "webauthn") return "Passkey";
  return f.factor_type === "phone" ? `Phone ${f.phone ?? ""}`.trim() : "Authenticator app";
}
