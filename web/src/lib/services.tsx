import { createContext, useContext, type ReactNode } from "react";
import type { ApiClient } from "./api-client";
import type { AuthClientLike, LinkHint } from "./auth/auth-client";
import type { OAuthSignIn } from "./auth/oauth-sign-in";
import type { OpenSocket } from "./realtime/realtime-client";

/** What talks to the outside world. Injected so tests run without a server. */
export interface Services {
  auth: AuthClientLike;
  api: ApiClient;
  linkHint: LinkHint;
  /** Opens the live-updates WebSocket. Absent (tests): no live updates. */
  openSocket?: OpenSocket;
  /** Sign-in with an OpenID provider (PKCE). Absent (tests): provider buttons do nothing. */
  oauth?: OAuthSignIn;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices must be used inside <ServicesProvider>");
  return services;
}

export function useApi(): ApiClient {
  return useServices().api;
}
