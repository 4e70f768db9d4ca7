import { lazy, Suspense, type ComponentType } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { useAuth } from "@/lib/auth/auth-context";
import { cn } from "@/lib/utils";
import { HeaderBar, type HeaderVariant } from "./header-bar";
import { HeaderSkeleton } from "./header-skeleton";
import { SignedOutNav } from "./signed-out-nav";
import type { SignedInHeaderProps } from "./signed-in-header";

// What only a signed-in user sees (menus, Check In Now, the emergency flow, with their queries and
// schemas) and the signed-out sheet are loaded on demand, so a visitor's first download has none of it.
const LazySignedInHeader = lazy(() => import("./signed-in-header").then((m) => ({ default: m.SignedInHeader })));
const SignedOutSheet = lazy(() => import("./signed-out-sheet").then((m) => ({ default: m.SignedOutSheet })));

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
  // The avatar and name come from the profile: hold a placeholder rather than flash 'U'.
  const pending = !loaded || profileLoading;

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
          ) : isMobile ? (
            <Suspense fallback={<Skeleton className="size-10" />}>
              <SignedOutSheet />
            </Suspense>
          ) : (
            <SignedOutNav />
          )}
        </HeaderBar>
      )}
    </header>
  );
}
