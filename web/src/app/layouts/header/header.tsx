import { lazy, Suspense, useState } from "react";
import { Logo } from "@/components/logo";
import { Skeleton } from "@/components/ui/skeleton";
import { useCheckIn } from "@/features/messages/api/check-in";
import { useHeaderConditions } from "@/features/messages/api/get-active-conditions";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { useAuth } from "@/lib/auth/auth-context";
import { cn } from "@/lib/utils";
import { ActionButtons } from "./action-buttons";
import { HeaderSkeleton } from "./header-skeleton";
import { MobileUserMenu } from "./mobile-user-menu";
import { SignedOutNav } from "./signed-out-nav";

// The radix menu and dialog (with floating-ui and scroll locking) are most of the header's
// weight; loading them on demand keeps them out of the first download of every page.
const DesktopUserMenu = lazy(() => import("./desktop-user-menu").then((m) => ({ default: m.DesktopUserMenu })));
const SignedOutSheet = lazy(() => import("./signed-out-sheet").then((m) => ({ default: m.SignedOutSheet })));
const EmergencyPendingDialog = lazy(() => import("./emergency-pending-dialog").then((m) => ({ default: m.EmergencyPendingDialog })));

export interface HeaderProps {
  /** "public" uses the translucent bar and larger logo of the public views. Default: "app". */
  variant?: "public" | "app";
}

export function Header({ variant = "app" }: HeaderProps) {
  const { loaded, user, profileLoading } = useAuth();
  const isMobile = useIsMobile();
  const signedIn = loaded && user !== null;
  // The avatar and name come from the profile: hold a placeholder rather than flash 'U'.
  const pending = !loaded || profileLoading;
  const actions = useHeaderActions(signedIn);

  return (
    <header
      className={cn(
        "sticky top-0 z-40 border-b",
        variant === "public" ? "bg-background/85 backdrop-blur" : "bg-card",
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo variant={variant} />
        {pending ? (
          <HeaderSkeleton />
        ) : !signedIn ? (
          isMobile ? (
            <Suspense fallback={<Skeleton className="size-10" />}>
              <SignedOutSheet />
            </Suspense>
          ) : (
            <SignedOutNav />
          )
        ) : isMobile ? (
          <MobileUserMenu />
        ) : (
          <div className="flex items-center gap-4">
            <ActionButtons {...actions.handlers} />
            <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
              <DesktopUserMenu />
            </Suspense>
          </div>
        )}
      </div>
      {signedIn && !pending && isMobile && (
        <div className="border-t px-4 py-2">
          <ActionButtons mobile {...actions.handlers} />
        </div>
      )}
      {actions.dialog}
    </header>
  );
}

/** Check In Now and Emergency appear only with an active condition of their kind (spec §2). */
function useHeaderActions(signedIn: boolean) {
  const { hasCheckIn, hasPanic } = useHeaderConditions();
  const checkIn = useCheckIn();
  const [explaining, setExplaining] = useState(false);
  return {
    handlers: {
      onCheckIn: signedIn && hasCheckIn ? () => !checkIn.isPending && checkIn.mutate() : undefined,
      onEmergency: signedIn && hasPanic ? () => setExplaining(true) : undefined,
    },
    dialog: explaining && (
      <Suspense fallback={null}>
        <EmergencyPendingDialog onClose={() => setExplaining(false)} />
      </Suspense>
    ),
  };
}
