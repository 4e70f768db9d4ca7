import { lazy, Suspense, useEffect } from "react";
import { Logo } from "@/components/logo";
import { Skeleton } from "@/components/ui/skeleton";
import { EmergencyStatus } from "@/features/emergency/components/emergency-status";
import { usePanicButton } from "@/features/emergency/hooks/use-panic-button";
import { toPanicMessages } from "@/features/emergency/utils/panic-messages";
import { useCheckIn } from "@/features/messages/api/check-in";
import { useHeaderConditions } from "@/features/messages/api/get-active-conditions";
import { useMessages } from "@/features/messages/api/get-messages";
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
const loadSelector = () => import("@/features/emergency/components/emergency-selector-dialog");
const EmergencySelectorDialog = lazy(() => loadSelector().then((m) => ({ default: m.EmergencySelectorDialog })));

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
      {actions.status}
      {actions.dialog}
    </header>
  );
}

/**
 * Check In Now and Emergency appear only with an active condition of their kind (spec §2). The
 * Emergency button also stays while a press is under way: a keep_armed false condition switches off
 * when the alert goes, and the countdown's cancel must not vanish with it.
 */
function useHeaderActions(signedIn: boolean) {
  const { hasCheckIn, hasPanic, panicConditions } = useHeaderConditions();
  const checkIn = useCheckIn();
  // Titles for the selector; a press never waits for them (toPanicMessages has defaults).
  const messages = useMessages({ enabled: signedIn && hasPanic });
  const panic = usePanicButton({ signedIn, messages: toPanicMessages(panicConditions, messages.data) });
  const showEmergency = signedIn && (hasPanic || panic.state.kind !== "idle");

  // The selector is a lazy chunk; fetch it as soon as the button shows, not in the emergency.
  useEffect(() => {
    if (showEmergency) void loadSelector();
  }, [showEmergency]);

  const { state } = panic;
  return {
    handlers: {
      onCheckIn: signedIn && hasCheckIn ? () => !checkIn.isPending && checkIn.mutate() : undefined,
      emergency: showEmergency ? panic : undefined,
    },
    status: showEmergency && <EmergencyStatus state={state} />,
    dialog: state.kind === "selecting" && (
      <Suspense fallback={null}>
        <EmergencySelectorDialog messages={state.messages} chosenId={state.chosenId} onChoose={panic.choose} onCancel={panic.dismissSelector} onTrigger={panic.triggerChosen} />
      </Suspense>
    ),
  };
}
