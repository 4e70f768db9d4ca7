import { createContext, useContext, type ReactNode } from "react";
import type { ApiClient } from "./api-client";
import type { AuthClientLike, LinkHint } from "./auth/auth-client";

/** What talks to the outside world. Injected so tests run without a server. */
export interface Services {
  auth: AuthClientLike;
  api: ApiClient;
  linkHint: LinkHint;
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
