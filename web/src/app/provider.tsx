import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useAuth } from "@/lib/auth/auth-context";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { ServicesProvider, type Services } from "@/lib/services";
import { loadSonner } from "@/lib/toast";
import { whenIdleOrFirst } from "@/lib/when-idle";

// The toaster is not needed to show a page: it mounts (and its code loads) at the visitor's first
// tap, key or click (a screen reader may click without a pointer), which may raise a toast, or once
// the page is idle after loading, whichever is first.
// sonner keeps toasts raised before it mounts and shows them then. Loaded at once, it would sit on a
// recipient's access page's path to its message (docs/decisions/020-web-delivery.md).
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));
// Live updates exist only for a signed-in user, so their code (and its schemas) loads with the session.
const RealtimeConnection = lazy(() =>
  import("@/lib/realtime/realtime-connection").then((m) => ({ default: m.RealtimeConnection })),
);

/** The header is 64 px high; on a phone (under 768 px) its action row adds about 60 px. */
const TOASTS_BELOW_HEADER_PX = 72;
const TOASTS_BELOW_MOBILE_HEADER_PX = 132;

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
          <LiveUpdates />
          {children}
        </AuthProvider>
        <LateToaster />
      </QueryClientProvider>
    </ServicesProvider>
  );
}

/** The toaster, from the visitor's first tap, key or click, or once the page has loaded and gone idle. */
function LateToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdleOrFirst(["pointerdown", "keydown", "click"], () => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the sticky header (and on a phone its row of buttons), never over it: a toast
          must not hide CLICK TO CANCEL. Expanded, so a second notice (e.g. that the location did
          not go) never hides the first. */}
      <Toaster
        richColors
        closeButton
        expand
        position="top-center"
        offset={{ top: TOASTS_BELOW_HEADER_PX }}
        mobileOffset={{ top: TOASTS_BELOW_MOBILE_HEADER_PX, left: 16, right: 16 }}
      />
    </Suspense>
  );
}

function LiveUpdates() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeConnection />
    </Suspense>
  );
}
