import { lazy, Suspense, useEffect, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { EmergencyStatus } from "@/features/emergency/components/emergency-status";
import { usePanicButton } from "@/features/emergency/hooks/use-panic-button";
import { toPanicMessages } from "@/features/emergency/utils/panic-messages";
import { useCheckIn } from "@/features/check-in/api/check-in";
import { checkInWillCancel } from "@/features/check-in/utils/check-in-words";
import { checkInWouldCancelHeader, useHeaderConditions } from "@/features/conditions/api/get-active-conditions";
import { useMessages } from "@/features/messages/api/get-messages";
import { useAuth } from "@/lib/auth/auth-context";
import { browserTimeZone } from "@/lib/time-zone";
import { whenIdleOrFirst } from "@/lib/when-idle";
import { ActionButtons } from "./action-buttons";
import { HeaderBar, type HeaderVariant } from "./header-bar";
import { MobileUserMenu } from "./mobile-user-menu";

// The radix menu and dialog (with floating-ui and scroll locking) are most of this part's weight;
// they load when first shown.
const DesktopUserMenu = lazy(() => import("./desktop-user-menu").then((m) => ({ default: m.DesktopUserMenu })));
const loadSelector = () => import("@/features/emergency/components/emergency-selector-dialog");
const EmergencySelectorDialog = lazy(() => loadSelector().then((m) => ({ default: m.EmergencySelectorDialog })));
const ConfirmDialog = lazy(() => import("@/components/ui/confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

export interface SignedInHeaderProps {
  variant: HeaderVariant;
  isMobile: boolean;
}

/** The header of a signed-in user: the action buttons (a second row on mobile) and the user menu. */
export function SignedInHeader({ variant, isMobile }: SignedInHeaderProps) {
  const actions = useHeaderActions();
  return (
    <>
      <HeaderBar variant={variant}>
        {isMobile ? (
          <MobileUserMenu />
        ) : (
          <div className="flex items-center gap-4">
            <ActionButtons {...actions.handlers} />
            <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
              <DesktopUserMenu />
            </Suspense>
          </div>
        )}
      </HeaderBar>
      {isMobile && (
        <div className="border-t px-4 py-2">
          <ActionButtons mobile {...actions.handlers} />
        </div>
      )}
      {actions.status}
      {actions.dialog}
      {actions.checkInDialog}
    </>
  );
}

/**
 * Check In Now and Emergency appear only with an active condition of their kind (spec §2). The
 * Emergency button also stays while a press is under way: a keep_armed false condition switches off
 * when the alert goes, and the countdown's cancel must not vanish with it.
 */
function useHeaderActions() {
  const { hasCheckIn, hasPanic, panicConditions, checkInConditions } = useHeaderConditions();
  const checkIn = useCheckIn();
  // Deliveries on a date that a check-in now would cancel: Check In Now asks first (docs/decisions/028).
  const dated = checkInConditions.filter((c) => c.condition_type === "inactivity_to_date" && c.deliver_at);
  // Titles for the selector and for that question; a press never waits for them (toPanicMessages has defaults).
  const messages = useMessages({ enabled: hasPanic || dated.length > 0 });
  // The real state, read at each press: the session may end (elsewhere, or by a 401) while the
  // button shows; the header then hides it, and a press in between says so (docs/decisions/028).
  const { session } = useAuth();
  const panic = usePanicButton({
    signedIn: session !== null,
    messages: toPanicMessages(panicConditions, messages.data),
  });
  const showEmergency = hasPanic || panic.state.kind !== "idle";
  const [cancelsAsked, setCancelsAsked] = useState<string | null>(null);

  // The selector is a lazy chunk: fetched while the button shows, not in the emergency, but only
  // once the page has loaded and gone idle or is first touched (a press is a touch), so it never
  // competes with the page's own code and data on a slow connection.
  useEffect(() => {
    if (showEmergency) return whenIdleOrFirst(["pointerdown", "keydown"], () => void loadSelector());
  }, [showEmergency]);

  const onCheckIn = () => {
    if (checkIn.isPending) return;
    const now = new Date();
    const cancels = dated.filter((c) => checkInWouldCancelHeader(c, now));
    if (cancels.length === 0) return checkIn.mutate();
    const titled = cancels.map((c) => ({
      title: messages.data?.find((m) => m.id === c.message_id)?.title || null,
      deliverAt: c.deliver_at!,
    }));
    setCancelsAsked(checkInWillCancel(titled, browserTimeZone()));
  };

  const { state } = panic;
  return {
    handlers: {
      onCheckIn: hasCheckIn ? onCheckIn : undefined,
      emergency: showEmergency ? panic : undefined,
    },
    status: showEmergency && <EmergencyStatus state={state} />,
    dialog: state.kind === "selecting" && (
      <Suspense fallback={null}>
        <EmergencySelectorDialog
          messages={state.messages}
          chosenId={state.chosenId}
          onChoose={panic.choose}
          onCancel={panic.dismissSelector}
          onTrigger={panic.triggerChosen}
        />
      </Suspense>
    ),
    checkInDialog: cancelsAsked !== null && (
      <Suspense fallback={null}>
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelsAsked(null)}
          title="Check in and cancel a dated delivery?"
          description={cancelsAsked}
          confirmLabel="Check in and cancel it"
          cancelLabel="Don't check in"
          pending={checkIn.isPending}
          onConfirm={() => {
            setCancelsAsked(null);
            checkIn.mutate();
          }}
        />
      </Suspense>
    ),
  };
}
