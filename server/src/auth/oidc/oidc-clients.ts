import * as oidc from "openid-client";
import { GoTrueError } from "../gotrue-error.ts";
import type { OidcProviderConfig } from "./oidc-config.ts";

export interface OidcProvider {
  config: OidcProviderConfig;
  /** The provider's discovered configuration, read once and kept (a failed read is tried again next time). */
  discover(): Promise<oidc.Configuration>;
}

/**
 * One `openid-client` configuration per configured provider, discovered lazily so that a
 * provider that is down does not stop our start. Plain-http issuers are only ever loopback
 * ones (checked by oidc-config), allowed for the local test provider.
 */
export function createOidcProviders(configs: OidcProviderConfig[]): Map<string, OidcProvider> {
  const providers = new Map<string, OidcProvider>();
  for (const config of configs) {
    let discovered: Promise<oidc.Configuration> | null = null;
    providers.set(config.name, {
      config,
      discover() {
        discovered ??= oidc
          .discovery(
            new URL(config.issuer),
            config.clientId,
            undefined,
            config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None(),
            { execute: config.issuer.startsWith("http:") ? [oidc.allowInsecureRequests] : [], timeout: 10 },
          )
          .catch(() => {
            discovered = null;
            throw new GoTrueError(
              503,
              "provider_unavailable",
              `The sign-in provider "${config.name}" could not be reached. Please try again in a moment.`,
            );
          });
        return discovered;
      },
    });
  }
  return providers;
}
