import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { RealtimeConnection } from "@/lib/realtime/realtime-connection";
import { ServicesProvider, type Services } from "@/lib/services";

export interface AppProviderProps {
  services: Services;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the routes rely on. Tests render the same tree with fake services. */
export function AppProvider({ services, queryClient, children }: AppProviderProps) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RealtimeConnection />
          {children}
        </AuthProvider>
        <Toaster richColors closeButton position="top-center" />
      </QueryClientProvider>
    </ServicesProvider>
  );
}
