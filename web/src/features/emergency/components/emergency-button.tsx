import { LoaderCircle, Siren } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { PanicState } from "../utils/panic-machine";

export interface EmergencyButtonProps {
  state: PanicState;
  onPress: () => void;
  /** The row below the header on a phone (spec §2): once pressed, the button takes the whole row. */
  mobile?: boolean;
}

/** What the button says in each state (spec §4). */
export function emergencyLabel(state: PanicState): string {
  switch (state.kind) {
    case "idle":
      return "Emergency";
    case "confirming":
    case "selecting":
      return "CONFIRM EMERGENCY";
    case "sending":
      return "SENDING...";
    case "countdown":
      return `CLICK TO CANCEL (${state.remaining})`;
  }
}

/**
 * The red Emergency button. It changes label through the flow instead of being replaced, so the
 * focus stays on it for keyboard and screen-reader users. While sending it is disabled: a third
 * press must not send twice.
 */
export function EmergencyButton({ state, onPress, mobile = false }: EmergencyButtonProps) {
  const busy = state.kind === "sending";
  const armed = state.kind !== "idle";
  return (
    <Button
      type="button"
      variant="destructive"
      size="sm"
      onClick={onPress}
      disabled={busy}
      aria-describedby={armed ? "emergency-status" : undefined}
      className={cn(
        armed && "font-bold tracking-wide ring-2 ring-destructive ring-offset-2 ring-offset-background",
        state.kind === "confirming" && "animate-pulse",
        // The row is the button's alone then (action-buttons.tsx): one line, large enough to hit.
        mobile && armed && "h-11 w-full text-base whitespace-nowrap",
      )}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Siren aria-hidden="true" />}
      {emergencyLabel(state)}
    </Button>
  );
}
