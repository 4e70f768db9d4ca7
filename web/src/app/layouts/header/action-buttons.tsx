import { CalendarCheck, Mail, Siren } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";

export interface ActionButtonsProps {
  mobile?: boolean;
  /** Shows the orange Check In Now button (the user has an active check-in condition). */
  onCheckIn?: () => void;
  /** Shows the red Emergency button (the user has an active panic condition). */
  onEmergency?: () => void;
}

/**
 * The header's action row (spec §2), in order: the green Messages button (always), the orange
 * Check In Now ('Check In' on mobile) and the red Emergency button, each present only when its
 * handler is given, i.e. while the user has an active condition of that kind.
 * On mobile the row sits below the header and the buttons share its width.
 */
export function ActionButtons({ mobile = false, onCheckIn, onEmergency }: ActionButtonsProps) {
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
      {onEmergency && (
        <Button type="button" variant="destructive" size="sm" onClick={onEmergency}>
          <Siren aria-hidden="true" />
          Emergency
        </Button>
      )}
    </div>
  );
}
