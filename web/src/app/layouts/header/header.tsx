import { lazy, Suspense, type ComponentType } from "react";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { useAuth } from "@/lib/auth/auth-context";
import { cn } from "@/lib/utils";
import { HeaderBar, type HeaderVariant } from "./header-bar";
import { HeaderSkeleton } from "./header-skeleton";
import { SignedOutNav } from "./signed-out-nav";
import { SignedOutSheet } from "./signed-out-sheet";
import type { SignedInHeaderProps } from "./signed-in-header";

// What only a signed-in user sees (menus, Check In Now, the emergency flow, with their queries and
// schemas) is loaded on demand, so a visitor's first download has none of it.
const LazySignedInHeader = lazy(() => import("./signed-in-header").then((m) => ({ default: m.SignedInHeader })));

export interface HeaderProps {
  /** "public" uses the translucent bar and larger logo of the public views. Default: "app". */
  variant?: HeaderVariant;
  /** The signed-in part. Default: loaded on demand; the signed-in layout passes it in directly. */
  signedInHeader?: ComponentType<SignedInHeaderProps>;
}

export function Header({ variant = "app", signedInHeader: SignedInHeader = LazySignedInHeader }: HeaderProps) {
  const { loaded, user, profileLoading } = useAuth();
  const isMobile = useIsMobile();
  const signedIn = loaded && user !== null;
  // The avatar and name come from the profile: hold a placeholder rather than flash 'U'. A public
  // page shows a visitor's header until the session is known (most of its readers are visitors, and
  // it is what the prerendered page shows, working before the app's code has run); a signed-in
  // page holds the placeholder.
  const pending = signedIn ? profileLoading : !loaded && variant === "app";

  return (
    <header
      className={cn("sticky top-0 z-40 border-b", variant === "public" ? "bg-background/85 backdrop-blur" : "bg-card")}
    >
      {signedIn && !pending ? (
        <Suspense
          fallback={
            <HeaderBar variant={variant}>
              <HeaderSkeleton />
            </HeaderBar>
          }
        >
          <SignedInHeader variant={variant} isMobile={isMobile} />
        </Suspense>
      ) : (
        <HeaderBar variant={variant}>
          {pending ? (
            <HeaderSkeleton />
          ) : (
            // Chosen by the stylesheet, not by script: the same markup prerendered and hydrated (spec §9: mobile below 768 px).
            <>
              <div className="hidden md:block">
                <SignedOutNav />
              </div>
              <div className="md:hidden">
                <SignedOutSheet />
              </div>
            </>
          )}
        </HeaderBar>
      )}
    </header>
  );
}
