import { CalendarCheck, Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { EmergencyButton } from "@/features/emergency/components/emergency-button";
import type { PanicButton } from "@/features/emergency/hooks/use-panic-button";
import { cn } from "@/lib/utils";

export interface ActionButtonsProps {
  mobile?: boolean;
  /** Shows the orange Check In Now button (the user has an active check-in condition). */
  onCheckIn?: () => void;
  /** Shows the red Emergency button (the user has an active panic condition, or a press is under way). */
  emergency?: PanicButton;
}

/**
 * The header's action row (spec §2), in order: the green Messages button (always), the orange
 * Check In Now ('Check In' on mobile) and the red Emergency button, each present only when its
 * handler is given, i.e. while the user has an active condition of that kind (spec §4's confirm →
 * send → cancel flow lives in features/emergency).
 * On mobile the row sits below the header and the buttons share its width.
 */
export function ActionButtons({ mobile = false, onCheckIn, emergency }: ActionButtonsProps) {
  // On a phone, while CONFIRM EMERGENCY or CLICK TO CANCEL (n) shows, that button takes the whole
  // row: a third of 375 px wrapped it onto two or three lines that spilled out of the button.
  if (mobile && emergency && emergency.state.kind !== "idle") {
    return (
      <div className="flex w-full">
        <EmergencyButton state={emergency.state} onPress={emergency.press} mobile />
      </div>
    );
  }
  return (
    // Three buttons must fit 375 px side by side: on mobile they share the width and pad less.
    <div className={cn("flex items-center gap-2", mobile && "w-full gap-1.5 *:min-w-0 *:flex-1 *:gap-1.5 *:px-2")}>
      <Button asChild variant="success" size="sm">
        <Link to={paths.messages}>
          <Mail aria-hidden="true" />
          Messages
        </Link>
      </Button>
      {onCheckIn && (
        <Button type="button" variant="warning" size="sm" onClick={onCheckIn}>
          <CalendarCheck aria-hidden="true" />
          {mobile ? "Check In" : "Check In Now"}
        </Button>
      )}
      {emergency && <EmergencyButton state={emergency.state} onPress={emergency.press} mobile={mobile} />}
    </div>
  );
}
