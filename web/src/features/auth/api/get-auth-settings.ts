import { authSettingsSchema, PASSWORD_DEFAULT_MIN_LENGTH, providerLabel } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";

/** Sign-in methods that are not OpenID providers. */
const NOT_PROVIDERS = new Set(["email", "phone", "anonymous_users"]);

export interface AuthSettings {
  /** Configured OpenID providers, in the server's order: what the sign-in page offers. */
  providers: { id: string; label: string }[];
  passwordMinLength: number;
  /** How this server can send a phone factor's codes; empty when it has no SMS or WhatsApp provider. */
  phoneChannels: ("sms" | "whatsapp")[];
}

/** GET /auth/v1/settings: which providers are on (`external`) and the password policy's minimum. */
export async function fetchAuthSettings(api: ApiClient): Promise<AuthSettings> {
  const settings = await api.get("/auth/v1/settings", authSettingsSchema);
  return {
    providers: Object.entries(settings.external)
      .filter(([id, on]) => on && !NOT_PROVIDERS.has(id))
      .map(([id]) => ({ id, label: providerLabel(id) })),
    passwordMinLength: settings.password_min_length ?? PASSWORD_DEFAULT_MIN_LENGTH,
    phoneChannels: settings.mfa_phone_channels ?? [],
  };
}

/** The server's settings do not change while the page is open. */
export function useAuthSettings() {
  const api = useApi();
  return useQuery({ queryKey: ["auth-settings"], queryFn: () => fetchAuthSettings(api), staleTime: Infinity });
}

/** The shortest password the server accepts (its PASSWORD_MIN_LENGTH), the policy's default until known. */
export function usePasswordMinLength(): number {
  return useAuthSettings().data?.passwordMinLength ?? PASSWORD_DEFAULT_MIN_LENGTH;
}
